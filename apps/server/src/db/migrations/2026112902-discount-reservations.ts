import { type Kysely, sql } from 'kysely';

/**
 * Issue 42: a pending order holds a use of its discount code for
 * `DISCOUNT_RESERVATION_MINUTES` (30 by default), no longer until the order ends (24 hours).
 * `discount_code_uses.reserved_until` is when the hold lapses; a lapsed hold is released
 * like a failed order's. Rows already there get their creation plus the default 30 minutes:
 * holds older than that end at the first check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('discount_code_uses')
    .addColumn('reserved_until', 'timestamptz')
    .execute();
  await sql`update discount_code_uses set reserved_until = created_at + interval '30 minutes'`.execute(
    db,
  );
  // The default serves the previous version during a rolling restart, which inserts
  // without it; this version always sets its configured end.
  await sql`alter table discount_code_uses
    alter column reserved_until set default now() + interval '30 minutes',
    alter column reserved_until set not null`.execute(db);
  // The sweep looks for lapsed holds only.
  await db.schema
    .createIndex('discount_code_uses_reserved_until_idx')
    .on('discount_code_uses')
    .column('reserved_until')
    .where(sql.ref('state'), '=', 'reserved')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discount_code_uses').dropColumn('reserved_until').execute();
}
