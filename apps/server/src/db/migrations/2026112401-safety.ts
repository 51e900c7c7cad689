import { type Kysely, sql } from 'kysely';

/**
 * Blocks, reports, and what the brakes on new members read (issue 17,
 * docs/decisions/033): who started a conversation and when, held messages, and each
 * message's text fingerprint.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('blocked_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('blocks_pkey', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('blocks_not_self', sql`blocker_id <> blocked_id`)
    .execute();
  // The other direction: "has this member been blocked by the viewer, or blocked them?"
  await db.schema
    .createIndex('blocks_blocked_idx')
    .on('blocks')
    .columns(['blocked_id', 'blocker_id'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // Set null, not cascade: the evidence outlives either account (kept 180 days after closing).
    .addColumn('reporter_id', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('subject_id', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`reason in ('fake', 'scam', 'harassment', 'underage', 'inappropriate_photo', 'spam', 'other')`,
        ),
    )
    .addColumn('text', 'text')
    .addColumn('conversation_id', 'bigint', (c) =>
      c.references('conversations.id').onDelete('set null'),
    )
    .addColumn('image_id', 'bigint', (c) => c.references('images.id').onDelete('set null'))
    // The conversation's newest messages when reported: [{ id, sender, text, created_at }].
    .addColumn('evidence_messages', 'jsonb')
    // A copy of the reported photo as stored (re-encoded JPEG), kept whatever happens to it.
    .addColumn('evidence_image', 'bytea')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status in ('open', 'closed')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addCheckConstraint('reports_closed_at', sql`(status = 'closed') = (closed_at is not null)`)
    .execute();
  // One open report per (reporter, subject, reason).
  await db.schema
    .createIndex('reports_open_once_idx')
    .on('reports')
    .columns(['reporter_id', 'subject_id', 'reason'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('reports_reporter_idx')
    .on('reports')
    .columns(['reporter_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('reports_status_idx')
    .on('reports')
    .columns(['status', 'created_at'])
    .execute();

  // Who wrote first in a conversation, and when: the new-member brake counts these.
  await db.schema
    .alterTable('conversations')
    .addColumn('started_by', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz')
    .execute();
  await sql`
    update conversations c set started_by = first.sender_id, started_at = first.created_at
    from (
      select distinct on (conversation_id) conversation_id, sender_id, created_at
      from messages order by conversation_id, id
    ) first
    where first.conversation_id = c.id`.execute(db);
  await db.schema
    .createIndex('conversations_started_idx')
    .on('conversations')
    .columns(['started_by', 'started_at'])
    .where(sql.ref('started_by'), 'is not', null)
    .execute();

  // `held`: stored and paid for, not delivered until staff let it through.
  await db.schema
    .alterTable('messages')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('sent').check(sql`status in ('sent', 'held')`),
    )
    // SHA-256 (hex) of the normalised text: the duplicate-text brake compares these.
    .addColumn('fingerprint', 'text')
    .execute();
  await db.schema
    .createIndex('messages_sender_fingerprint_idx')
    .on('messages')
    .columns(['sender_id', 'fingerprint', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_sender_fingerprint_idx').ifExists().execute();
  await db.schema.alterTable('messages').dropColumn('fingerprint').execute();
  await db.schema.alterTable('messages').dropColumn('status').execute();
  await db.schema.dropIndex('conversations_started_idx').ifExists().execute();
  await db.schema.alterTable('conversations').dropColumn('started_at').execute();
  await db.schema.alterTable('conversations').dropColumn('started_by').execute();
  await db.schema.dropTable('reports').ifExists().execute();
  await db.schema.dropTable('blocks').ifExists().execute();
}
