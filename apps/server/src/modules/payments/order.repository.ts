import type { Order, OrderStatus } from '@amora/shared/schemas/orders';
import {
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
export type OrderRow = Selectable<OrdersTable>;

export async function insertOrder(db: Db, order: Insertable<OrdersTable>): Promise<OrderRow> {
  return db.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
}

/** The order, only when it is the member's. */
export async function findMemberOrder(
  db: Db,
  memberId: number,
  id: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** The member's order made with this key (issue 44), if any. */
export async function findOrderByClientId(
  db: Db,
  memberId: number,
  clientId: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** The member's last paid order (`/credits/repeat-order`). */
export async function findLastPaidOrder(db: Db, memberId: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'paid')
    .orderBy('paid_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  product: row.product as Order['product'],
  kind: row.premium_days > 0 ? 'premium' : 'credits',
  credits: row.credits,
  premium_days: row.premium_days,
  amount: row.amount,
  original_amount: row.original_amount ?? row.amount,
  discount_code: row.discount_code,
  currency: row.currency,
  method: row.method as Order['method'],
  status: row.status,
  refunded_amount: row.refunded_amount,
  created_at: row.created_at.toISOString(),
  paid_at: row.paid_at?.toISOString() ?? null,
});

type OrderRef = Pick<OrderRow, 'id' | 'provider_ref' | 'provider_intent_ref'>;

/** The provider's order with this checkout reference or PaymentIntent. */
export async function findOrderByProviderRef(
  db: Db,
  provider: string,
  column: 'provider_ref' | 'provider_intent_ref',
  value: string,
): Promise<OrderRef | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'provider_ref', 'provider_intent_ref'])
    .where('provider', '=', provider)
    .where(column, '=', value)
    .executeTakeFirst();
}

/** The provider's order with this id (a report's `metadata.order_id`). */
export async function findProviderOrder(
  db: Db,
  provider: string,
  id: string,
): Promise<OrderRef | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'provider_ref', 'provider_intent_ref'])
    .where('id', '=', id)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** The order, locked `FOR UPDATE` until the transaction ends. */
export async function lockOrder(trx: Transaction<Database>, id: string): Promise<OrderRow> {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function setOrderStatus(db: Db, id: string, status: OrderStatus): Promise<void> {
  await db.updateTable('orders').set({ status }).where('id', '=', id).execute();
}

/** Notes why a person must look at the order; `hold` also sets it `flagged`. */
export async function flagOrder(db: Db, id: string, reason: string, hold: boolean) {
  await db
    .updateTable('orders')
    .set({ flag_reason: reason, ...(hold && { status: 'flagged' as const }) })
    .where('id', '=', id)
    .execute();
}

/** Paid now: the provider's references it did not have yet, and the VAT split. */
export async function markOrderPaid(
  db: Db,
  id: string,
  paid: Pick<
    Updateable<OrdersTable>,
    'provider_ref' | 'provider_intent_ref' | 'vat_country' | 'vat_rate' | 'net_amount'
  >,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ ...paid, status: 'paid', paid_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Money went back: the new status and the refunded total (cumulative, minor units). */
export async function setOrderPaidBack(
  db: Db,
  id: string,
  status: OrderStatus,
  refundedAmount: number,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status, refunded_amount: refundedAmount })
    .where('id', '=', id)
    .execute();
}
