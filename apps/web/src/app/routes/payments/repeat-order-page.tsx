import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { useLastOrder } from '@/features/payments/api/orders';
import { useDocumentTitle } from '@/lib/use-document-title';

/** `/credits/repeat-order`: the checkout of the member's last paid order, same method. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('payments.buy_again'));
  const last = useLastOrder();
  const order = last.data?.order;
  if (order) return <Navigate to={`/credits/${order.product}/${order.method}`} replace />;
  return (
    <div className="py-2 mx-auto" style={{ maxWidth: '36rem' }}>
      <PageHeader title={t('payments.buy_again')} />
      {last.isPending ? (
        <div className="card placeholder-glow" aria-busy="true">
          <div className="card-body p-4">
            <span className="placeholder col-8 rounded" />
          </div>
        </div>
      ) : last.isError ? (
        <LoadError error={last.error} onRetry={() => void last.refetch()} />
      ) : (
        <div className="alert alert-info d-flex flex-wrap gap-2 align-items-center">
          <span className="flex-grow-1">{t('payments.repeat_none')}</span>
          <Link to="/pricing" className="btn btn-sm btn-primary">
            {t('payments.see_prices')}
          </Link>
        </div>
      )}
    </div>
  );
}
