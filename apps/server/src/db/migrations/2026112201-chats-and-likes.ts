import { type Kysely, sql } from 'kysely';

/**
 * Conversations between two members, their messages, and likes.
 *
 * Members are never hard-deleted by the app (deleting an account marks the row
 * `deleted`), so a deleted member's side of a chat stays and shows as a deleted member.
 * Should a member row ever be purged, everything that member took part in goes with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // The pair, ordered, so that two members share at most one conversation.
    .addColumn('member_low', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('member_high', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Creation or the newest message: the chats list's order.
    .addColumn('last_activity_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('conversations_pair_order', sql`member_low < member_high`)
    .execute();
  await db.schema
    .createIndex('conversations_pair_key')
    .on('conversations')
    .columns(['member_low', 'member_high'])
    .unique()
    .execute();
  // The unique index above serves lookups by member_low; this one by member_high.
  await db.schema
    .createIndex('conversations_member_high_idx')
    .on('conversations')
    .column('member_high')
    .execute();

  // Each member's side of a conversation: what they have read, whether they removed it.
  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'bigint', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    // A high-water mark, not a reference: messages above it from the other side are unread.
    .addColumn('last_read_message_id', 'bigint')
    // "Removed from my list": hidden until there is activity after this moment.
    .addColumn('hidden_at', 'timestamptz')
    .addPrimaryKeyConstraint('conversation_members_pkey', ['conversation_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('conversation_members_member_idx')
    .on('conversation_members')
    .column('member_id')
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('conversation_id', 'bigint', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Only a member of the conversation can have sent into it. NO ACTION (checked at the
    // end of the statement) lets cascades from members or conversations through, but
    // refuses removing one side while their messages remain.
    .addForeignKeyConstraint(
      'messages_sender_in_conversation_fkey',
      ['conversation_id', 'sender_id'],
      'conversation_members',
      ['conversation_id', 'member_id'],
    )
    .execute();
  await db.schema
    .createIndex('messages_conversation_idx')
    .on('messages')
    .columns(['conversation_id', 'id'])
    .execute();

  await db.schema
    .createTable('likes')
    .addColumn('liker_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('liked_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // When the liked member viewed the liker's profile; null means like_new.
    .addColumn('seen_at', 'timestamptz')
    .addPrimaryKeyConstraint('likes_pkey', ['liker_id', 'liked_id'])
    .addCheckConstraint('likes_not_self', sql`liker_id <> liked_id`)
    .execute();
  await db.schema
    .createIndex('likes_liked_idx')
    .on('likes')
    .columns(['liked_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['likes', 'messages', 'conversation_members', 'conversations']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
