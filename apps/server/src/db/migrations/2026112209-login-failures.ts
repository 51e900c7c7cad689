import { type Kysely, sql } from 'kysely';

/**
 * Failed password checks with the account and the client address they came from (the
 * failed-login rule counts per account and address, per address and per account), and the
 * day's alert to an account's owner (docs/decisions/027).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // The lower-cased e-mail address tried, whether or not an account has it.
    .addColumn('account', 'text', (c) => c.notNull())
    // lib/client-address.ts `addressKey`: an IPv4 address or an IPv6 /64.
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_failures_account_idx')
    .on('login_failures')
    .columns(['account', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_failures_address_idx')
    .on('login_failures')
    .columns(['address', 'created_at'])
    .execute();

  await db.schema
    .createTable('login_failure_alerts')
    .addColumn('member_id', 'bigint', (c) =>
      c.primaryKey().references('members.id').onDelete('cascade'),
    )
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Failed logins used to be counted per e-mail address alone; those counts lapse within
  // the window, so they are dropped rather than moved.
  await sql`delete from auth_attempts where kind = 'login_failure'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['login_failure_alerts', 'login_failures']) {
    await db.schema.dropTable(table).execute();
  }
}
