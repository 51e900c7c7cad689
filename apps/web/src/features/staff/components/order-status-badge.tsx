import type { OrderStatus } from '@amora/shared/schemas/orders';
import { useTranslation } from 'react-i18next';

const STYLE: Record<OrderStatus, string> = {
  pending: 'text-bg-light',
  paid: 'text-bg-success',
  cancelled: 'text-bg-secondary',
  failed: 'text-bg-secondary',
  expired: 'text-bg-secondary',
  refunded: 'text-bg-info',
  partially_refunded: 'text-bg-info',
  charged_back: 'text-bg-danger',
  flagged: 'text-bg-warning',
};

/** An order's status, in words and color. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <span className={`badge ${STYLE[status]}`}>{t(`staff.orders.status.${status}`)}</span>;
}
