import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useOrder } from '@/features/payments/api/orders';
import { OrderResult, OrderResultSkeleton } from '@/features/payments/components/order-result';
import { OrderUnavailable } from '@/features/payments/components/order-unavailable';
import { isLoggedOut } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';

/**
 * `/transactions/{id}`: where the payment provider sends the member back, to see how the
 * order ended (read again every 3 s while the provider has not answered).
 */
export function Component() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const id = useParams().transactionId ?? '';
  const result = useOrder(id, isLoggedIn);
  const order = result.data?.order;
  const title = !order ? t('payments.checkout_title') : t(`payments.result_${order.status}_title`);
  useDocumentTitle(title);

  return (
    <div className="py-4 mx-auto" style={{ maxWidth: '32rem' }}>
      {!isLoggedIn || isLoggedOut(result.error) ? (
        <OrderUnavailable reason="logged_out" transactionId={id} />
      ) : result.isError ? (
        <OrderUnavailable reason="not_found" transactionId={id} />
      ) : result.data ? (
        <OrderResult result={result.data} title={title} />
      ) : (
        <OrderResultSkeleton />
      )}
    </div>
  );
}
