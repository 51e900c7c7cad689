import { type Kysely, sql } from 'kysely';

/**
 * The outbox (mail now, push later), worked by every app instance with
 * `FOR UPDATE SKIP LOCKED`, and single-use member tokens (activation now; password reset
 * and e-mail change later), stored only as the SHA-256 of the random token.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('mail', 'push')`))
    // Kept when the member row is purged, so the job and its history stay readable.
    .addColumn('member_id', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When the job is due; while it is being sent, when its lock runs out (then it is due again).
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    // Subject, text and HTML as rendered, for the development mailbox.
    .addColumn('rendered', 'jsonb')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('outbox_status_run_after_idx')
    .on('outbox')
    .columns(['status', 'run_after'])
    .execute();
  // The activation poll looks up a member's mail; it also serves `on delete set null`.
  await db.schema.createIndex('outbox_member_idx').on('outbox').column('member_id').execute();

  await db.schema
    .createTable('member_tokens')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('activation', 'password_reset', 'email_change')`),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('member_tokens_member_idx')
    .on('member_tokens')
    .columns(['member_id', 'purpose'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_tokens').ifExists().execute();
  await db.schema.dropTable('outbox').ifExists().execute();
}
