import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ResultCard } from '@/components/result-card';
import { useOrder } from '@/features/payments/api/orders';
import { isLoggedOut } from '@/lib/api-client';
import { longDate } from '@/lib/locale-format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';

/**
 * `/transactions/{id}`: where the payment provider sends the member back. Paid: what was
 * added; pending: waits for the provider (read again every 3 s); cancelled or failed:
 * nothing changed, try again.
 */
export function Component() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const id = useParams().transactionId ?? '';
  const result = useOrder(id, isLoggedIn);
  const order = result.data?.order;
  const title = !order ? t('payments.checkout_title') : t(`payments.result_${order.status}_title`);
  useDocumentTitle(title);

  if (!isLoggedIn || isLoggedOut(result.error)) {
    return (
      <div className="py-4 mx-auto" style={{ maxWidth: '32rem' }}>
        <ResultCard icon={<CircleAlert />} title={t('payments.checkout_title')}>
          <p>{t('payments.log_in_to_see')}</p>
          <Link
            to={`/login?redirect=${encodeURIComponent(`/transactions/${id}`)}`}
            className="btn btn-primary"
          >
            {t('nav.login')}
          </Link>
        </ResultCard>
      </div>
    );
  }
  if (result.isError) {
    return (
      <div className="py-4 mx-auto" style={{ maxWidth: '32rem' }}>
        <ResultCard icon={<CircleAlert />} title={t('payments.checkout_title')}>
          <p>{t('payments.not_found')}</p>
          <Link to="/credits" className="btn btn-primary">
            {t('routes.credits.title')}
          </Link>
        </ResultCard>
      </div>
    );
  }
  if (!result.data || !order) {
    return (
      <div className="py-4 mx-auto placeholder-glow" style={{ maxWidth: '32rem' }} aria-busy="true">
        <div className="card">
          <div className="card-body p-4">
            <span className="placeholder col-8 placeholder-lg rounded" />
          </div>
        </div>
      </div>
    );
  }
  const retry = `/credits/${order.product}/${order.method}`;
  return (
    <div className="py-4 mx-auto" style={{ maxWidth: '32rem' }}>
      {order.status === 'paid' ? (
        <ResultCard icon={<CircleCheck />} title={title}>
          <p>
            {order.kind === 'credits'
              ? t('payments.result_paid_credits', {
                  count: order.credits,
                  balance: result.data.credits,
                })
              : t('payments.result_paid_premium', {
                  date: longDate(result.data.paid_until ?? order.paid_at ?? ''),
                })}
          </p>
          <p className="small text-body-secondary">
            {t('payments.receipt_sent')} {t('payments.order_number', { id: order.id })}
          </p>
          <Link to="/members" className="btn btn-primary">
            {t('payments.start_chatting')}
          </Link>
        </ResultCard>
      ) : order.status === 'pending' ? (
        <ResultCard icon={<Clock />} title={title}>
          <p role="status">{t('payments.result_pending_text')}</p>
          <span className="spinner-border text-primary" aria-hidden="true" />
        </ResultCard>
      ) : (
        <ResultCard icon={<CircleAlert />} title={title}>
          <p>{t('payments.result_retry_text')}</p>
          <Link to={retry} className="btn btn-primary">
            {t('payments.try_again')}
          </Link>
        </ResultCard>
      )}
    </div>
  );
}
