import { formatMinor } from '@amora/shared/rules/money';
import type {
  AdminOrder,
  AdminOrderDetail,
  RefundRequest,
} from '@amora/shared/schemas/order-admin';
import type { OrderStatus } from '@amora/shared/schemas/orders';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { PaymentLog } from '../payments/payment-events.service.js';
import type { PaymentProvider } from '../payments/provider-types.js';
import { appendAudit } from './audit-log.repository.js';
import type { StaffActor } from './member-actions.service.js';

export const ORDERS_PAGE_SIZE = 50;

/** Money came in for these: staff may ask the provider to pay (part of) it back. */
const REFUNDABLE: readonly OrderStatus[] = ['paid', 'partially_refunded', 'flagged'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function orderQuery(db: Kysely<Database>) {
  return db
    .selectFrom('orders as o')
    .leftJoin('profiles as p', 'p.member_id', 'o.member_id')
    .selectAll('o')
    .select('p.name as member_name');
}
type OrderLine = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;

/** What staff may still ask the provider to pay back: refunds on their way count as asked. */
const refundableOf = (row: {
  status: OrderStatus;
  amount: number;
  refunded_amount: number;
  refund_requested: number;
}) =>
  REFUNDABLE.includes(row.status)
    ? Math.max(0, row.amount - Math.max(row.refunded_amount, row.refund_requested))
    : 0;

const toAdminOrder = (row: OrderLine): AdminOrder => ({
  id: row.id,
  member: row.member_id === null ? null : { id: row.member_id, name: row.member_name },
  product: row.product,
  credits: row.credits,
  premium_days: row.premium_days,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  provider: row.provider,
  method: row.method,
  created_at: row.created_at.toISOString(),
  paid_at: row.paid_at?.toISOString() ?? null,
  refunded_amount: row.refunded_amount,
  refund_requested: Math.max(row.refund_requested, row.refunded_amount),
  refundable: refundableOf(row),
  flag_reason: row.flag_reason,
  needs_look: row.needs_look,
  provider_ref: row.provider_ref,
  discount_code: row.discount_code,
});

/**
 * `GET /api/admin/orders.php`: flagged orders not yet paid back first, then the newest, a
 * page at a time. `q` finds an order by its id, the provider's reference (payment, session
 * or PaymentIntent), `#member id`, or the member's exact e-mail (never answered back).
 */
export async function searchOrders(
  db: Kysely<Database>,
  query: { q?: string | undefined; status?: OrderStatus | undefined; after?: string | undefined },
): Promise<{ orders: AdminOrder[]; next: string | null }> {
  let list = orderQuery(db)
    .orderBy('o.needs_look', 'desc')
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(ORDERS_PAGE_SIZE + 1);
  const q = query.q?.trim();
  if (q) {
    const memberId = /^#?(\d{1,15})$/.exec(q)?.[1];
    if (UUID.test(q)) list = list.where('o.id', '=', q.toLowerCase());
    else if (memberId) list = list.where('o.member_id', '=', Number(memberId));
    else if (q.includes('@')) {
      list = list.where('o.member_id', 'in', (eb) =>
        eb.selectFrom('members').select('members.id').where('members.email', '=', q.toLowerCase()),
      );
    } else {
      list = list.where((eb) =>
        eb.or([eb('o.provider_ref', '=', q), eb('o.provider_intent_ref', '=', q)]),
      );
    }
  }
  if (query.status) list = list.where('o.status', '=', query.status);
  if (query.after) {
    const last = await db
      .selectFrom('orders')
      .select(['needs_look', 'created_at', 'id'])
      .where('id', '=', query.after)
      .executeTakeFirst();
    if (last) {
      list = list.where(
        sql<boolean>`(o.needs_look, o.created_at, o.id) < (${last.needs_look}, ${last.created_at}, ${last.id}::uuid)`,
      );
    }
  }
  const rows = await list.execute();
  const page = rows.slice(0, ORDERS_PAGE_SIZE).map(toAdminOrder);
  return { orders: page, next: rows.length > ORDERS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null };
}

/** `GET /api/admin/order.php?id=`: the order and every fact its provider reported, oldest first. */
export async function readOrderForStaff(
  db: Kysely<Database>,
  id: string,
): Promise<AdminOrderDetail> {
  const row = await orderQuery(db).where('o.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('order_not_found', 'No such order');
  const events = await db
    .selectFrom('payment_events')
    .selectAll()
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    order: toAdminOrder(row),
    events: events.map((event) => ({
      id: Number(event.id),
      received_at: event.received_at.toISOString(),
      type: event.type,
      reported: event.report_outcome,
      amount: event.amount,
      currency: event.currency,
      live: event.live,
      outcome: event.outcome,
      note: event.note,
    })),
  };
}

/**
 * `POST /api/admin/refund.php`: asks the order's provider to pay `amount` back. The amount is
 * reserved on the order first (so two admins cannot refund the same money twice), the
 * provider is called outside any transaction, and the order, credits and premium change only
 * when the provider's refund event arrives, through `applyPaymentReport` like every other
 * fact (the demo provider reports it at once). A refused call frees the reservation and
 * answers 502 `refund_failed`; an accepted one is in the audit log as `order.refund`.
 */
export async function refundOrder(
  db: Kysely<Database>,
  provider: PaymentProvider | null,
  actor: StaffActor,
  body: RefundRequest,
  log: PaymentLog,
): Promise<AdminOrderDetail> {
  const order = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', body.order)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('order_not_found', 'No such order');
    if (!provider || provider.name !== row.provider || refundableOf(row) === 0) {
      throw new AppError(409, 'not_refundable', 'This order cannot be refunded');
    }
    if (body.amount > refundableOf(row)) {
      const text = `At most ${refundableOf(row)} can be refunded`;
      throw badRequest('refund_too_large', text, { amount: text });
    }
    await trx
      .updateTable('orders')
      .set({
        refund_requested: sql<number>`greatest(refund_requested, refunded_amount) + ${body.amount}`,
      })
      .where('id', '=', row.id)
      .execute();
    return row;
  });
  try {
    await provider!.refund(
      {
        id: order.id,
        currency: order.currency,
        providerRef: order.provider_ref,
        intentRef: order.provider_intent_ref,
      },
      body.amount,
    );
  } catch (error) {
    await db
      .updateTable('orders')
      .set({ refund_requested: sql<number>`greatest(refund_requested - ${body.amount}, 0)` })
      .where('id', '=', order.id)
      .execute();
    log.warn(
      { orderId: order.id, provider: order.provider, err: (error as Error).message },
      'refund refused by the provider',
    );
    throw new AppError(502, 'refund_failed', 'The payment provider did not accept the refund');
  }
  await appendAudit(db, {
    staffId: actor.staffId,
    action: 'order.refund',
    subjectId: order.member_id,
    reason: `${order.id}: ${formatMinor(body.amount, order.currency, 'en')}: ${body.reason}`,
  });
  return readOrderForStaff(db, order.id);
}
