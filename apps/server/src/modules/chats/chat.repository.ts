import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { noBlockBetween } from '../members/blocks.repository.js';

/** One row of a member's chats list, before the other member's profile is attached. */
export interface ChatListRow {
  conversationId: number;
  lastActivityAt: Date;
  otherMemberId: number;
  numUnread: number;
  lastMessage: {
    id: number;
    senderId: number;
    text: string;
    createdAt: Date;
    held: boolean;
    /** Its sender unsent it (issue 49): the text is empty, the list says "message removed". */
    removed: boolean;
  } | null;
}

/**
 * The member's conversations, newest activity first, in one query: each with the other
 * member's id, the unread count (the other side's messages above this member's read
 * mark) and the newest message. A conversation the member removed from their list is
 * left out until there is activity after the removal, and one between members who
 * blocked each other is left out altogether. One without a message this member can see is
 * listed only if they opened it themselves: opening a chat tells the other member nothing
 * until a message is sent (issue 39).
 */
export async function listChats(db: Kysely<Database>, memberId: number): Promise<ChatListRow[]> {
  const rows = await db
    .selectFrom('conversation_members as me')
    .innerJoin('conversations as c', 'c.id', 'me.conversation_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('messages')
          .select(['id', 'sender_id', 'text', 'created_at', 'status', 'removed_at'])
          .whereRef('messages.conversation_id', '=', 'c.id')
          // The other side's held messages are not delivered (issue 17).
          .where((mb) =>
            mb.or([mb('messages.status', '=', 'sent'), mb('messages.sender_id', '=', memberId)]),
          )
          .orderBy('id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'c.id as conversation_id',
      'c.last_activity_at',
      eb
        .case()
        .when('c.member_low', '=', memberId)
        .then(eb.ref('c.member_high'))
        .else(eb.ref('c.member_low'))
        .end()
        .as('other_member_id'),
      eb
        .selectFrom('messages as m')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .where('m.sender_id', '<>', memberId)
        .where('m.status', '=', 'sent')
        .where('m.id', '>', eb.fn.coalesce('me.last_read_message_id', sql<number>`0`))
        .as('num_unread'),
      'last.id as last_id',
      'last.sender_id as last_sender_id',
      'last.text as last_text',
      'last.created_at as last_created_at',
      'last.status as last_status',
      'last.removed_at as last_removed_at',
    ])
    .where('me.member_id', '=', memberId)
    // A blocked pair's conversation leaves both lists; unblocking brings it back whole.
    .where(noBlockBetween(sql.ref('c.member_low'), sql.ref('c.member_high')))
    .where((eb) =>
      eb.or([
        eb('me.hidden_at', 'is', null),
        eb('c.last_activity_at', '>', eb.ref('me.hidden_at')),
      ]),
    )
    .where((eb) => eb.or([eb('last.id', 'is not', null), eb('me.opened_at', 'is not', null)]))
    .orderBy('c.last_activity_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();

  return rows.map((r) => ({
    conversationId: r.conversation_id,
    lastActivityAt: r.last_activity_at,
    otherMemberId: r.other_member_id,
    numUnread: Number(r.num_unread ?? 0),
    lastMessage:
      r.last_id === null ||
      r.last_sender_id === null ||
      r.last_text === null ||
      r.last_created_at === null
        ? null
        : {
            id: r.last_id,
            senderId: r.last_sender_id,
            text: r.last_text,
            createdAt: r.last_created_at,
            held: r.last_status === 'held',
            removed: r.last_removed_at !== null,
          },
  }));
}
