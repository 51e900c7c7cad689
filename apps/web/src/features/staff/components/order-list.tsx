import { formatMinor } from '@amora/shared/rules/money';
import { ORDER_STATUSES, type OrderStatus } from '@amora/shared/schemas/orders';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { currentLocale } from '@/lib/i18n';
import { longDateTime } from '@/lib/locale-format';
import { useOrders } from '../api/staff-api';
import { OrderStatusBadge } from './order-status-badge';
import { PersonLink } from './person-link';

/** Admins only: the orders, flagged ones that wait for a person first, searchable. */
export function OrderList() {
  const { t } = useTranslation();
  const searchId = useId();
  const statusId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const orders = useOrders(query, status);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="h5">
        {t('staff.sections.orders')}
      </h2>
      <form className="row g-2 mb-3" onSubmit={submit}>
        <div className="col-md-7">
          <label htmlFor={searchId} className="visually-hidden">
            {t('staff.orders.search_label')}
          </label>
          <div className="input-group">
            <input
              id={searchId}
              type="search"
              className="form-control"
              placeholder={t('staff.orders.search_placeholder')}
              value={text}
              maxLength={200}
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit" className="btn btn-primary">
              {t('staff.orders.search')}
            </button>
          </div>
        </div>
        <div className="col-md-5">
          <label htmlFor={statusId} className="visually-hidden">
            {t('staff.orders.status_label')}
          </label>
          <select
            id={statusId}
            className="form-select"
            value={status}
            onChange={(event) => setStatus(event.target.value as OrderStatus | '')}
          >
            <option value="">{t('staff.orders.any_status')}</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`staff.orders.status.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </form>
      {orders.isError && <LoadError error={orders.error} onRetry={() => void orders.refetch()} />}
      {orders.data?.length === 0 && (
        <p className="text-body-secondary">{t('staff.orders.none_found')}</p>
      )}
      <ul className="list-group mb-3">
        {orders.data?.map((order) => (
          <li
            key={order.id}
            className={`list-group-item${order.needs_look ? ' list-group-item-warning' : ''}`}
          >
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <Link to={`/admin/orders/${order.id}`} className="fw-semibold">
                {formatMinor(order.amount, order.currency, currentLocale())} · {order.product}
              </Link>
              <OrderStatusBadge status={order.status} />
              <span className="small">
                <PersonLink person={order.member} />
              </span>
              <span className="small text-body-secondary ms-auto">
                {longDateTime(order.created_at)} · {order.provider}
              </span>
            </div>
            {order.needs_look && order.flag_reason && (
              <p className="small mb-0 mt-1">
                {t('staff.orders.flagged_because')} <q>{order.flag_reason}</q>
              </p>
            )}
          </li>
        ))}
      </ul>
      {orders.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => void orders.fetchNextPage()}
        >
          {t('staff.load_more')}
        </button>
      )}
    </section>
  );
}
