import type { Order } from '@amora/shared/schemas/orders';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
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
