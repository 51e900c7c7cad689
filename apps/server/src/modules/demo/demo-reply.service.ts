import { isLocale } from '@amora/shared/rules/locale';
import type { Kysely } from 'kysely';
import type { Mode } from '../../config/mode.js';
import type { Database } from '../../db/schema.js';
import { textFingerprint } from '../chats/brakes.js';
import { findConversationSide, insertMessage, markRead } from '../chats/conversation.repository.js';
import { toMessage } from '../chats/message.service.js';
import { notifyMembers } from '../live/live-notify.js';
import { onNewMessage } from '../notifications/member-events.js';
import { DEMO_REPLY_TEXTS } from './demo-reply-texts.js';

/**
 * The demo's automatic reply (issue 22): a fictional member answers a member's first message
 * in a conversation, once, in the member's language, so a person trying the demo sees the
 * live chat work. It is an incoming message like any other (live event, notification, push)
 * and costs nothing; the member's own messages cost credits as usual. Refuses to run outside
 * the demo mode, where fictional members do not exist.
 *
 * Answers whether a reply was written: only when the other side is a fictional member, the
 * member has written exactly one message there, and no demo reply exists yet.
 */
export async function sendDemoReply(
  db: Kysely<Database>,
  mode: Mode,
  { conversationId, memberId }: { conversationId: number; memberId: number },
): Promise<boolean> {
  if (mode !== 'demo') throw new Error('Demo replies exist only in the demo mode');
  return db.transaction().execute(async (trx) => {
    const side = await findConversationSide(trx, conversationId, memberId);
    if (!side) return false;
    const other = await trx
      .selectFrom('members')
      .select('fictional')
      .where('id', '=', side.otherMemberId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!other?.fictional) return false;
    // The conversation is locked for this check, so two sends never answer twice.
    await trx
      .selectFrom('conversations')
      .select('id')
      .where('id', '=', conversationId)
      .forUpdate()
      .execute();
    const counts = await trx
      .selectFrom('messages')
      .select((eb) => [
        eb.fn
          .count<number>('id')
          .filterWhere((w) => w.and([w('sender_id', '=', memberId), w('status', '=', 'sent')]))
          .as('mine'),
        eb.fn.count<number>('id').filterWhere('demo_reply', '=', true).as('replies'),
      ])
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow();
    if (Number(counts.mine) !== 1 || Number(counts.replies) > 0) return false;
    const member = await trx
      .selectFrom('profiles')
      .select('language')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    const language = member && isLocale(member.language) ? member.language : 'en';
    const text = DEMO_REPLY_TEXTS[language];
    const row = await insertMessage(trx, {
      conversationId,
      senderId: side.otherMemberId,
      text,
      fingerprint: textFingerprint(text),
      held: false,
      demoReply: true,
    });
    await markRead(trx, conversationId, side.otherMemberId, row.id);
    const message = toMessage(row);
    await notifyMembers(trx, [memberId, side.otherMemberId], { type: 'message', message });
    await onNewMessage(trx, memberId, message);
    return true;
  });
}
