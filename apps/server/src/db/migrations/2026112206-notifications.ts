import { type Kysely, sql } from 'kysely';

/**
 * Notifications (issue 8): what a member is told about (new likes, new messages, account
 * notices), which open pages each member has (to hold back a push for what they are
 * looking at), and the daily digest mail's bookkeeping.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('like', 'message', 'account')`),
    )
    // Who caused it (the liker, the sender); null for account notices.
    .addColumn('actor_id', 'bigint', (c) => c.references('members.id').onDelete('cascade'))
    .addColumn('conversation_id', 'bigint', (c) =>
      c.references('conversations.id').onDelete('cascade'),
    )
    // Messages of one conversation gather in one unread notification.
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('notifications_member_idx')
    .on('notifications')
    .columns(['member_id', 'id'])
    .execute();
  await sql`create index notifications_unread_idx on notifications (member_id)
    where read_at is null`.execute(db);

  // One row per open tab (its live channel): whether the page is visible and which
  // conversation it shows. Rows of a crashed instance go stale and are ignored.
  await db.schema
    .createTable('page_presence')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('conversation_id', 'bigint')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('page_presence_member_idx')
    .on('page_presence')
    .column('member_id')
    .execute();

  await db.schema
    .alterTable('members')
    .addColumn('digest_sent_at', 'timestamptz')
    .addColumn('digest_opt_out', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('digest_opt_out').execute();
  await db.schema.alterTable('members').dropColumn('digest_sent_at').execute();
  await db.schema.dropTable('page_presence').ifExists().execute();
  await db.schema.dropTable('notifications').ifExists().execute();
}
