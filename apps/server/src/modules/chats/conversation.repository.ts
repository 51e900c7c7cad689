import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, MessageRow } from '../../db/schema.js';
import { noBlockBetween } from '../members/blocks.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The conversation of two members, made on first use: one per pair (the unique index
 * on the ordered pair decides a race), both sides in it. Answers its id.
 */
export async function findOrCreateConversation(db: Db, a: number, b: number): Promise<number> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const created = await db
    .insertInto('conversations')
    .values({ member_low: low, member_high: high })
    .onConflict((oc) => oc.columns(['member_low', 'member_high']).doNothing())
    .returning('id')
    .executeTakeFirst();
  const id =
    created?.id ??
    (
      await db
        .selectFrom('conversations')
        .select('id')
        .where('member_low', '=', low)
        .where('member_high', '=', high)
        .executeTakeFirstOrThrow()
    ).id;
  await db
    .insertInto('conversation_members')
    .values([
      { conversation_id: id, member_id: low },
      { conversation_id: id, member_id: high },
    ])
    .onConflict((oc) => oc.columns(['conversation_id', 'member_id']).doNothing())
    .execute();
  return id;
}

/** The id of the pair's conversation, if they have one. */
export async function findConversationBetween(
  db: Db,
  a: number,
  b: number,
): Promise<number | undefined> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('member_low', '=', low)
    .where('member_high', '=', high)
    .executeTakeFirst();
  return row?.id;
}

/** One member's view of a conversation they take part in. */
export interface ConversationSide {
  conversationId: number;
  otherMemberId: number;
  /** The newest message of the other side this member has read (0: none). */
  readUpTo: number;
  /** The newest of this member's messages the other side has read (0: none). */
  otherReadUpTo: number;
  /** The newest message of the other side that reached a tab of this member (0: none). */
  deliveredUpTo: number;
  /** The newest of this member's messages that reached the other side (never below read). */
  otherDeliveredUpTo: number;
}

/** The member's side of a conversation, or undefined when they are not in it. */
export async function findConversationSide(
  db: Db,
  conversationId: number,
  memberId: number,
): Promise<ConversationSide | undefined> {
  const row = await db
    .selectFrom('conversation_members as me')
    .innerJoin('conversation_members as other', (join) =>
      join
        .onRef('other.conversation_id', '=', 'me.conversation_id')
        .onRef('other.member_id', '<>', 'me.member_id'),
    )
    .select([
      'other.member_id as other_member_id',
      sql<number>`coalesce(me.last_read_message_id, 0)`.as('read_up_to'),
      sql<number>`coalesce(other.last_read_message_id, 0)`.as('other_read_up_to'),
      sql<number>`coalesce(me.last_delivered_message_id, 0)`.as('delivered_up_to'),
      // Read is delivered too: the mark shown is the higher of the two.
      sql<number>`greatest(coalesce(other.last_delivered_message_id, 0), coalesce(other.last_read_message_id, 0))`.as(
        'other_delivered_up_to',
      ),
    ])
    .where('me.conversation_id', '=', conversationId)
    .where('me.member_id', '=', memberId)
    .executeTakeFirst();
  return (
    row && {
      conversationId,
      otherMemberId: row.other_member_id,
      readUpTo: Number(row.read_up_to),
      otherReadUpTo: Number(row.other_read_up_to),
      deliveredUpTo: Number(row.delivered_up_to),
      otherDeliveredUpTo: Number(row.other_delivered_up_to),
    }
  );
}

/**
 * The member opened the conversation from a profile: it shows in their list, again if they
 * had removed it, and while it has no message in theirs alone (chat.repository `listChats`).
 */
export async function openConversation(db: Db, conversationId: number, memberId: number) {
  await db
    .updateTable('conversation_members')
    .set({ hidden_at: null, opened_at: sql<Date>`coalesce(opened_at, now())` })
    .where('conversation_id', '=', conversationId)
    .where('member_id', '=', memberId)
    .execute();
}

/** Removes the conversation from the member's list until there is new activity in it. */
export async function hideConversation(
  db: Db,
  conversationId: number,
  memberId: number,
): Promise<boolean> {
  const result = await db
    .updateTable('conversation_members')
    .set({ hidden_at: sql<Date>`now()` })
    .where('conversation_id', '=', conversationId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Moves one of the member's high-water marks up to `messageId` (never back); answers whether it moved. */
async function raiseMark(
  db: Db,
  mark: 'last_read_message_id' | 'last_delivered_message_id',
  conversationId: number,
  memberId: number,
  messageId: number,
): Promise<boolean> {
  const result = await db
    .updateTable('conversation_members')
    .set({ [mark]: messageId })
    .where('conversation_id', '=', conversationId)
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb(mark, 'is', null), eb(mark, '<', messageId)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Moves the member's read mark up to `messageId` (never back). */
export const markRead = (db: Db, conversationId: number, memberId: number, messageId: number) =>
  raiseMark(db, 'last_read_message_id', conversationId, memberId, messageId);

/** Moves the member's delivered mark up to `messageId` (never back); answers whether it moved. */
export const markDelivered = (
  db: Db,
  conversationId: number,
  memberId: number,
  messageId: number,
) => raiseMark(db, 'last_delivered_message_id', conversationId, memberId, messageId);

/**
 * A tab of `memberId` received `messageId` live (issue 49): the member's delivered mark in its
 * conversation moves up to it, in one statement, when the message is one the other side sent
 * them (not held) and neither blocked the other. Answers the conversation and the sender when
 * the mark moved, else undefined (already there, or not the member's to acknowledge).
 */
export async function acknowledgeDelivery(
  db: Db,
  memberId: number,
  messageId: number,
): Promise<{ conversationId: number; senderId: number } | undefined> {
  const row = await db
    .updateTable('conversation_members as cm')
    .from('messages as m')
    .set({ last_delivered_message_id: sql<number>`m.id` })
    .whereRef('m.conversation_id', '=', 'cm.conversation_id')
    .where('m.id', '=', messageId)
    .where('m.status', '=', 'sent')
    .where('m.sender_id', '<>', memberId)
    .where('cm.member_id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb('cm.last_delivered_message_id', 'is', null),
        eb('cm.last_delivered_message_id', '<', eb.ref('m.id')),
      ]),
    )
    .where(noBlockBetween(memberId, sql.ref('m.sender_id')))
    .returning(['cm.conversation_id', 'm.sender_id'])
    .executeTakeFirst();
  return row && { conversationId: row.conversation_id, senderId: row.sender_id };
}

/**
 * The member's conversations with the other member of each, and the members blocked either
 * way: what the live channel checks a typing frame against (issue 49), loaded once per
 * socket rather than once per frame.
 */
export async function chatCircle(
  db: Db,
  memberId: number,
): Promise<{ others: Map<number, number>; blocked: Set<number> }> {
  const [conversations, blocks] = await Promise.all([
    db
      .selectFrom('conversations')
      .select((eb) => [
        'id',
        eb
          .case()
          .when('member_low', '=', memberId)
          .then(eb.ref('member_high'))
          .else(eb.ref('member_low'))
          .end()
          .as('other'),
      ])
      .where((eb) => eb.or([eb('member_low', '=', memberId), eb('member_high', '=', memberId)]))
      .execute(),
    db
      .selectFrom('blocks')
      .select(['blocker_id', 'blocked_id'])
      .where((eb) => eb.or([eb('blocker_id', '=', memberId), eb('blocked_id', '=', memberId)]))
      .execute(),
  ]);
  return {
    others: new Map(conversations.map((c) => [c.id, c.other])),
    blocked: new Set(blocks.map((b) => (b.blocker_id === memberId ? b.blocked_id : b.blocker_id))),
  };
}

/**
 * Unsends a message (issue 49): its text is emptied and `removed_at` set, when `senderId`
 * sent it, it is not removed yet and it is younger than `windowMinutes` by the database's
 * clock. Answers the row as it is now, or undefined when nothing changed.
 */
export async function removeMessage(
  db: Db,
  senderId: number,
  messageId: number,
  windowMinutes: number,
): Promise<MessageRow | undefined> {
  return db
    .updateTable('messages')
    .set({ text: '', removed_at: sql<Date>`now()` })
    .where('id', '=', messageId)
    .where('sender_id', '=', senderId)
    .where('removed_at', 'is', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${windowMinutes})`)
    .returningAll()
    .executeTakeFirst();
}

/** One message the member sent, if it exists. */
export async function findOwnMessage(
  db: Db,
  senderId: number,
  messageId: number,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', messageId)
    .where('sender_id', '=', senderId)
    .executeTakeFirst();
}

/**
 * Stores a message. A held one (issue 17) is not activity: the conversation keeps its place
 * in both lists, and does not come back to a member who removed it.
 */
export async function insertMessage(
  db: Db,
  message: {
    conversationId: number;
    senderId: number;
    text: string;
    fingerprint: string;
    held: boolean;
    /** The demo's automatic reply (modules/demo). */
    demoReply?: boolean;
    /** The sender's key (issue 44): a second message with it breaks the unique index. */
    clientId?: string | undefined;
  },
): Promise<MessageRow> {
  const row = await db
    .insertInto('messages')
    .values({
      conversation_id: message.conversationId,
      sender_id: message.senderId,
      text: message.text,
      fingerprint: message.fingerprint,
      status: message.held ? 'held' : 'sent',
      demo_reply: message.demoReply ?? false,
      client_id: message.clientId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!message.held) {
    await db
      .updateTable('conversations')
      .set({ last_activity_at: row.created_at })
      .where('id', '=', message.conversationId)
      .execute();
  }
  return row;
}

/**
 * A page of history as `readerId` sees it: up to `limit` messages before `beforeId` (or the
 * newest), oldest first. Held messages only the sender sees.
 */
export async function listMessages(
  db: Db,
  conversationId: number,
  options: { limit: number; beforeId?: number; readerId: number },
): Promise<{ messages: MessageRow[]; hasMore: boolean }> {
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where((eb) => eb.or([eb('status', '=', 'sent'), eb('sender_id', '=', options.readerId)]))
    .orderBy('id', 'desc')
    .limit(options.limit + 1);
  if (options.beforeId !== undefined) query = query.where('id', '<', options.beforeId);
  const rows = await query.execute();
  return { messages: rows.slice(0, options.limit).reverse(), hasMore: rows.length > options.limit };
}

/** The message the member sent with this key (issue 44), if any. */
export async function findMessageByClientId(
  db: Db,
  senderId: number,
  clientId: string,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('sender_id', '=', senderId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}
