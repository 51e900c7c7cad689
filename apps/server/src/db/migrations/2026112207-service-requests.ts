import { type Kysely, sql } from 'kysely';

/** Questions and complaints sent through customer service and the complaints page. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_requests')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('question', 'complaint')`))
    .addColumn('topic', 'text', (c) => c.notNull())
    // Kept when the account is deleted: a complaint outlives it (privacy policy, 2 years).
    .addColumn('member_id', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('service_requests_ip_idx')
    .on('service_requests')
    .columns(['ip', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_requests').execute();
}
