import type { AccountNotice } from '@amora/shared/schemas/notifications';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notifyMembers } from '../live/live-notify.js';
import {
  addAccountNotice,
  addLikeNotification,
  addMessageNotification,
  markReadAbout,
} from './notification.repository.js';
import { isLooking } from './presence.repository.js';
import { enqueuePush } from './push-outbox.js';

type Trx = Kysely<Database> | Transaction<Database>;

/**
 * What a member hears about a new like: a notification, the live hint, and a push unless
 * they have the app open in front of them (they see the badge change there).
 */
export async function onNewLike(trx: Trx, likedId: number, likerId: number): Promise<void> {
  await addLikeNotification(trx, likedId, likerId);
  await notifyMembers(trx, [likedId], { type: 'notifications' });
  if (!(await isLooking(trx, likedId))) {
    await enqueuePush(trx, likedId, { kind: 'like', actor: likerId });
  }
}

/** A new message: a notification, the live hint, and a push unless they look at that chat. */
export async function onNewMessage(
  trx: Trx,
  recipientId: number,
  message: { id: number; sender: number; conversation: number; text: string },
): Promise<void> {
  await addMessageNotification(trx, recipientId, message.sender, message.conversation);
  await notifyMembers(trx, [recipientId], { type: 'notifications' });
  if (!(await isLooking(trx, recipientId, message.conversation))) {
    await enqueuePush(trx, recipientId, {
      kind: 'message',
      actor: message.sender,
      conversation: message.conversation,
      message: message.id,
      preview: message.text.slice(0, 200),
    });
  }
}

/**
 * Its sender unsent a message (issue 49): a push for it still waiting loses its preview
 * (push delivery shows "message removed"), and a push already shown is sent again under the
 * same tag, so the lock screen's notification is replaced by "message removed" (quietly:
 * a replacement does not alert again).
 */
export async function onMessageRemoved(
  trx: Trx,
  recipientId: number,
  message: { id: number; sender_id: number; conversation_id: number },
): Promise<void> {
  const jobs = await trx
    .updateTable('outbox')
    .set({ payload: sql`jsonb_set(payload, '{preview}', '""'::jsonb)` })
    .where('kind', '=', 'push')
    .where('member_id', '=', recipientId)
    .where(sql`payload->>'message'`, '=', String(message.id))
    .returning('status')
    .execute();
  if (jobs.some((job) => job.status === 'sent')) {
    await enqueuePush(trx, recipientId, {
      kind: 'message',
      actor: message.sender_id,
      conversation: message.conversation_id,
      message: message.id,
      preview: '',
    });
  }
}

/** Reading a conversation settles its message notification. */
export async function onConversationRead(trx: Trx, memberId: number, conversationId: number) {
  if ((await markReadAbout(trx, memberId, { conversationId })) > 0) {
    await notifyMembers(trx, [memberId], { type: 'notifications' });
  }
}

/** Viewing a liker's profile settles the like's notification. */
export async function onLikerViewed(db: Trx, memberId: number, likerId: number) {
  if ((await markReadAbout(db, memberId, { likerId })) > 0) {
    await notifyMembers(db, [memberId], { type: 'notifications' });
  }
}

/** An account notice (the address or the password changed, a staff warning, a rejected photo). */
export async function onAccountNotice(
  trx: Trx,
  memberId: number,
  notice: AccountNotice,
  detail?: string,
) {
  await addAccountNotice(trx, memberId, notice, detail);
  await notifyMembers(trx, [memberId], { type: 'notifications' });
}
