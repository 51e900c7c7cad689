import { type Kysely, sql } from 'kysely';

/** Orders of credits and premium, and their payment (docs/decisions/021). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // Kept when the account is deleted: payment records stay seven years (privacy §7).
    .addColumn('member_id', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('premium_days', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'paid', 'cancelled', 'failed')`),
    )
    .addColumn('waived_withdrawal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('orders_member_idx')
    .on('orders')
    .columns(['member_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('orders').execute();
}
