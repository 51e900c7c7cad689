import { formatMinor } from '@amora/shared/rules/money';
import type { OrderResponse } from '@amora/shared/schemas/orders';
import { CircleAlert, CircleCheck, Clock, SearchCheck, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResultCard } from '@/components/result-card';
import { currentLocale } from '@/lib/i18n';
import { longDate } from '@/lib/locale-format';

/**
 * An order as the provider left it. Paid: what was added; pending: waiting for the provider;
 * cancelled, failed or expired: nothing changed, try again; refunded, partially refunded or
 * charged back: what went back and what was taken back (credits owed, if any); flagged: we
 * check it. `title`: the page's title for the status.
 */
export function OrderResult({ result, title }: { result: OrderResponse; title: string }) {
  const { t } = useTranslation();
  const { order } = result;
  const retry = `/credits/${order.product}/${order.method}`;
  return order.status === 'paid' ? (
    <ResultCard icon={<CircleCheck />} title={title}>
      <p>
        {order.kind === 'credits'
          ? t('payments.result_paid_credits', {
              count: order.credits,
              balance: result.credits,
            })
          : t('payments.result_paid_premium', {
              date: longDate(result.paid_until ?? order.paid_at ?? ''),
            })}{' '}
        {t('payments.result_paid_amount', {
          amount: formatMinor(order.amount, order.currency, currentLocale()),
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
              amount: formatMinor(order.refunded_amount, order.currency, currentLocale()),
            })}
      </p>
      {result.credits_owed > 0 && (
        <p className="alert alert-warning">
          {t('payments.credits_owed_text', { count: result.credits_owed })}
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
  );
}

/** The result's shape while the order loads. */
export function OrderResultSkeleton() {
  return (
    <div className="card placeholder-glow" aria-busy="true">
      <div className="card-body p-4">
        <span className="placeholder col-8 placeholder-lg rounded" />
      </div>
    </div>
  );
}
