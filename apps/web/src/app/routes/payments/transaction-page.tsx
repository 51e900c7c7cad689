import { CircleAlert, CircleCheck, Clock, SearchCheck, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ResultCard } from '@/components/result-card';
import { useOrder } from '@/features/payments/api/orders';
import { isLoggedOut } from '@/lib/api-client';
import { longDate } from '@/lib/locale-format';
import { formatMinor } from '@/lib/money';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';

/**
 * `/transactions/{id}`: where the payment provider sends the member back. Paid: what was
 * added; pending: waits for the provider (read again every 3 s); cancelled, failed or
 * expired: nothing changed, try again; refunded, partially refunded or charged back: what
 * went back and what was taken back (credits owed, if any); flagged: we check it.
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
                })}{' '}
            {t('payments.result_paid_amount', {
              amount: formatMinor(order.amount, order.currency),
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
      ) : order.status === 'refunded' ||
        order.status === 'partially_refunded' ||
        order.status === 'charged_back' ? (
        <ResultCard icon={<Undo2 />} title={title}>
          <p>
            {order.status === 'charged_back'
              ? t('payments.result_charged_back_text')
              : t('payments.result_refunded_text', {
                  amount: formatMinor(order.refunded_amount, order.currency),
                })}
          </p>
          {result.data.credits_owed > 0 && (
            <p className="alert alert-warning">
              {t('payments.credits_owed_text', { count: result.data.credits_owed })}
            </p>
          )}
          <div className="d-flex flex-wrap gap-2 justify-content-center">
            <Link to="/credits" className="btn btn-primary">
              {t('payments.credit_history')}
            </Link>
            {order.status === 'charged_back' && (
              <Link to="/pages/service" className="btn btn-outline-secondary">
                {t('payments.contact_service')}
              </Link>
            )}
          </div>
          <p className="small text-body-secondary mt-3 mb-0">
            {t('payments.order_number', { id: order.id })}
          </p>
        </ResultCard>
      ) : order.status === 'flagged' ? (
        <ResultCard icon={<SearchCheck />} title={title}>
          <p>{t('payments.result_flagged_text')}</p>
          <Link to="/pages/service" className="btn btn-outline-secondary">
            {t('payments.contact_service')}
          </Link>
          <p className="small text-body-secondary mt-3 mb-0">
            {t('payments.order_number', { id: order.id })}
          </p>
        </ResultCard>
      ) : (
        // cancelled, failed, expired: nothing was charged.
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
