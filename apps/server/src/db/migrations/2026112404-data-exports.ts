import { type Kysely, sql } from 'kysely';

/**
 * "Download my data" (issue 19, docs/decisions/035): one row per export a member asked for,
 * prepared by the outbox (`data_export` jobs) into `DATA_DIR/exports`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'ready', 'downloaded', 'failed')`),
    )
    .addColumn('progress', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`progress between 0 and 100`),
    )
    // One-time: cleared when the file is downloaded; useless without the member's session.
    .addColumn('token', 'text')
    .addColumn('file', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ready_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('downloaded_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('data_exports_member_idx')
    .on('data_exports')
    .columns(['member_id', 'created_at'])
    .execute();
  await sql`alter table outbox drop constraint if exists outbox_kind_check`.execute(db);
  await sql`alter table outbox add constraint outbox_kind_check
    check (kind in ('mail', 'push', 'photo_screen', 'data_export'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from outbox where kind = 'data_export'`.execute(db);
  await sql`alter table outbox drop constraint if exists outbox_kind_check`.execute(db);
  await sql`alter table outbox add constraint outbox_kind_check
    check (kind in ('mail', 'push', 'photo_screen'))`.execute(db);
  await db.schema.dropTable('data_exports').ifExists().execute();
}
