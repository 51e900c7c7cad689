import type { Kysely } from 'kysely';

/**
 * Issue 49 (docs/decisions/061): the delivered mark beside the read mark, and unsend.
 * `conversation_members.last_delivered_message_id` is a high-water mark like
 * `last_read_message_id`: the newest message from the other side a tab of this member
 * received or fetched. `messages.removed_at` marks a message its sender unsent: the row
 * stays (ids, order, credits and read marks keep their meaning), its text is emptied.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('conversation_members')
    .addColumn('last_delivered_message_id', 'bigint')
    .execute();
  await db.schema.alterTable('messages').addColumn('removed_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('removed_at').execute();
  await db.schema
    .alterTable('conversation_members')
    .dropColumn('last_delivered_message_id')
    .execute();
}
