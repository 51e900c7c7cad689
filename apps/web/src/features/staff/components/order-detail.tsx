import { formatMinor } from '@amora/shared/rules/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { currentLocale } from '@/lib/i18n';
import { longDateTime } from '@/lib/locale-format';
import { useOrder } from '../api/staff-api';
import { OrderStatusBadge } from './order-status-badge';
import { PersonLink } from './person-link';
import { RefundForm } from './refund-form';

/** One order as admins see it: the facts, what its provider reported, and the refund. */
export function OrderDetailView({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useOrder(id);
  if (detail.isError)
    return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <p className="text-body-secondary">{t('common.loading')}</p>;
  const { order, events } = detail.data;
  const money = (minor: number) => formatMinor(minor, order.currency, currentLocale());
  const waiting = order.refund_requested > order.refunded_amount;
  return (
    <div>
      <p className="mb-2">
        <Link to="/admin/orders">← {t('staff.orders.back')}</Link>
      </p>
      <div className="row g-3">
        <div className="col-lg-6">
          <section className="card mb-3">
            <div className="card-body">
              <h2 className="h4 d-flex flex-wrap gap-2 align-items-center">
                {money(order.amount)} · {order.product}
                <OrderStatusBadge status={order.status} />
              </h2>
              {order.needs_look && order.flag_reason && (
                <p className="alert alert-warning py-2 small">
                  {t('staff.orders.flagged_because')} <q>{order.flag_reason}</q>
                </p>
              )}
              <dl className="row small mb-0">
                <dt className="col-5">{t('staff.orders.member')}</dt>
                <dd className="col-7">
                  <PersonLink person={order.member} />
                </dd>
                <dt className="col-5">{t('staff.orders.placed')}</dt>
                <dd className="col-7">{longDateTime(order.created_at)}</dd>
                <dt className="col-5">{t('staff.orders.paid')}</dt>
                <dd className="col-7">{order.paid_at ? longDateTime(order.paid_at) : '–'}</dd>
                <dt className="col-5">{t('staff.orders.provider')}</dt>
                <dd className="col-7">
                  {order.provider} · {order.method}
                  {order.provider_ref && (
                    <>
                      {' '}
                      · <code>{order.provider_ref}</code>
                    </>
                  )}
                </dd>
                <dt className="col-5">{t('staff.orders.refunded')}</dt>
                <dd className="col-7">{money(order.refunded_amount)}</dd>
                {order.discount_code && (
                  <>
                    <dt className="col-5">{t('staff.orders.code')}</dt>
                    <dd className="col-7">
                      <code>{order.discount_code}</code>
                    </dd>
                  </>
                )}
                <dt className="col-5">{t('staff.orders.id')}</dt>
                <dd className="col-7">
                  <code className="text-break">{order.id}</code>
                </dd>
              </dl>
            </div>
          </section>
          {waiting && (
            <p className="alert alert-info small" role="status">
              {t('staff.orders.refund_waiting', {
                amount: money(order.refund_requested - order.refunded_amount),
              })}
            </p>
          )}
          {order.refundable > 0 && <RefundForm key={order.refundable} order={order} />}
        </div>
        <div className="col-lg-6">
          <section className="card mb-3" aria-labelledby="order-events-title">
            <div className="card-body">
              <h3 id="order-events-title" className="h6">
                {t('staff.orders.events')}{' '}
                <span className="badge text-bg-light">{events.length}</span>
              </h3>
              {events.length === 0 ? (
                <p className="small text-body-secondary mb-0">{t('staff.none')}</p>
              ) : (
                <ol className="list-unstyled small mb-0">
                  {events.map((event) => (
                    <li key={event.id} className="mb-2">
                      <span className="text-body-secondary">{longDateTime(event.received_at)}</span>{' '}
                      · <code>{event.type}</code> ·{' '}
                      {t(`staff.orders.reported.${event.reported}`, {
                        defaultValue: event.reported,
                      })}
                      {event.amount !== null &&
                        ` · ${formatMinor(event.amount, event.currency ?? order.currency, currentLocale())}`}
                      {!event.live && ` · ${t('staff.orders.test_mode')}`}
                      <br />
                      {t(`staff.orders.outcome.${event.outcome}`, { defaultValue: event.outcome })}
                      {event.note && <span className="text-body-secondary"> ({event.note})</span>}
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
