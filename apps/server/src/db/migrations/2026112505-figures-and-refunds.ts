import { type Kysely, sql } from 'kysely';

/**
 * The dashboard's closed days (issue 21, docs/decisions/037): a day that is over keeps its
 * counts in `daily_figures`, written once by the first dashboard that needs them, so the
 * week reads six stored rows and counts only today.
 *
 * Orders, for the console's list and refunds: `needs_look` (flagged, and not yet paid back
 * in full) sorts first; `refund_requested` is what staff asked providers to pay back so far,
 * reserved before the provider is called, so two admins cannot refund the same money twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('daily_figures')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('signups', 'integer', (c) => c.notNull())
    .addColumn('activations', 'integer', (c) => c.notNull())
    .addColumn('messages', 'integer', (c) => c.notNull())
    .addColumn('reports', 'integer', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('computed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table orders add column refund_requested integer not null default 0
    check (refund_requested >= 0)`.execute(db);
  await sql`alter table orders add column needs_look boolean generated always as
    (flag_reason is not null and status not in ('refunded', 'charged_back')) stored`.execute(db);
  await sql`create index orders_console_idx on orders (needs_look, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_console_idx`.execute(db);
  await sql`alter table orders drop column needs_look`.execute(db);
  await sql`alter table orders drop column refund_requested`.execute(db);
  await db.schema.dropTable('daily_figures').execute();
}
