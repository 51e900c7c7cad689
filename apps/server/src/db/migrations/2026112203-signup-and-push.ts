import { type Kysely, sql } from 'kysely';

/**
 * Push subscriptions (one row per browser endpoint, owned by the member who attached it
 * last) and the credit ledger: every change of `members.credits` is also a ledger row,
 * written in the same transaction, so the balance is the sum of the member's rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    // The push service's URL identifies the browser: one row per endpoint, whoever owns it.
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_success_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('push_subscriptions_member_idx')
    .on('push_subscriptions')
    .column('member_id')
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    // Positive: credits in (welcome, purchase); negative: credits spent (message).
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A member's history, newest first by id (keyset pagination); also serves the cascade.
  await db.schema
    .createIndex('credit_ledger_member_idx')
    .on('credit_ledger')
    .columns(['member_id', 'id'])
    .execute();

  // Balances that exist already get an opening row, so balance = sum of rows holds for all.
  await sql`
    insert into credit_ledger (member_id, amount, reason)
    select id, credits, 'opening' from members where credits <> 0
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_ledger').ifExists().execute();
  await db.schema.dropTable('push_subscriptions').ifExists().execute();
}
