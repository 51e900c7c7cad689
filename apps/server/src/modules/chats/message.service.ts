import { UNSEND_WINDOW_MINUTES } from '@amora/shared/rules/chat-live-signs';
import type { Message } from '@amora/shared/schemas/chat';
import { MESSAGES_PAGE_SIZE, type MessagesResponse } from '@amora/shared/schemas/messages';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/config.js';
import type { Database, MessageRow } from '../../db/schema.js';
import { AppError, badRequest, clientIdReused, forbidden, notFound } from '../../lib/errors.js';
import { retryOnConflict } from '../../lib/transaction-retry.js';
import { changeCredits, findWallet } from '../credits/credit-ledger.repository.js';
import { messageCredits } from '../credits/message-cost.js';
import { notifyMembers } from '../live/live-notify.js';
import { isBlockedBetween } from '../members/blocks.repository.js';
import { findProfiles } from '../members/profile.repository.js';
import { toChatProfile } from '../members/profile-view.js';
import {
  assertMayReachOut,
  assertMayWriteTo,
  mayReachOut,
  notActivated,
} from '../members/reach-out.js';
import {
  onConversationRead,
  onMessageRemoved,
  onNewMessage,
} from '../notifications/member-events.js';
import { readStoredSettings } from '../site/site.repository.js';
import {
  assertMayStartConversation,
  holdsDuplicateText,
  markConversationStarted,
  startsConversation,
  textFingerprint,
} from './brakes.js';
import {
  findConversationBetween,
  findConversationSide,
  findMessageByClientId,
  findOrCreateConversation,
  findOwnMessage,
  hideConversation,
  insertMessage,
  listMessages,
  markDelivered,
  markRead,
  openConversation,
  removeMessage,
} from './conversation.repository.js';

const notInConversation = () =>
  forbidden('not_in_conversation', 'Only the two members of a conversation can see or write it');

/**
 * A message as `viewerId` sees it. Its `client_id` goes to its sender only (issue 44): the
 * key is how the sender's app recognises its own send, and tells the other member nothing.
 */
export const toMessage = (row: MessageRow, viewerId?: number): Message => ({
  id: row.id,
  conversation: row.conversation_id,
  sender: row.sender_id,
  text: row.text,
  created_at: row.created_at.toISOString(),
  ...(row.status === 'held' && { held: true }),
  ...(row.demo_reply && { demo_reply: true }),
  ...(row.client_id !== null && row.sender_id === viewerId && { client_id: row.client_id }),
  ...(row.removed_at !== null && { removed: true }),
});

/**
 * `GET /api/chat.php?profile=`: the conversation with a member others may see and neither
 * member blocked, made on first use (the same id every time after), and back in the caller's
 * list if removed. A
 * member who has not confirmed their address may open a conversation that exists, not
 * start one (403 `not_activated`); nor may an unverified member start one with a member who
 * lets only verified members write (403 `verification_required`).
 */
export async function startChat(
  db: Kysely<Database>,
  memberId: number,
  otherId: number,
): Promise<number> {
  if (otherId === memberId) throw badRequest('cannot_chat_self', 'You cannot chat with yourself');
  const visible = await findProfiles(db, [otherId], { visibleOnly: true, viewerId: memberId });
  if (!visible.has(otherId)) throw notFound('member_not_found', 'This member does not exist');
  // A conversation that exists opens; writing in it is checked on each message.
  if ((await findConversationBetween(db, memberId, otherId)) === undefined) {
    if (!(await mayReachOut(db, memberId))) throw notActivated();
    await assertMayWriteTo(db, memberId, otherId, null);
  }
  return db.transaction().execute(async (trx) => {
    const id = await findOrCreateConversation(trx, memberId, otherId);
    await openConversation(trx, id, memberId);
    return id;
  });
}

/** `DELETE /api/chat.php`: removes the conversation from the caller's list (not the other's). */
export async function removeChat(db: Kysely<Database>, memberId: number, conversationId: number) {
  await db.transaction().execute(async (trx) => {
    if (!(await hideConversation(trx, conversationId, memberId))) throw notInConversation();
    await notifyMembers(trx, [memberId], { type: 'chats' });
  });
}

/**
 * `GET /api/messages.php`: a page of the conversation, newest first page by default. Opening
 * the newest page reads the conversation: the caller's unread count goes to 0, and the other
 * member's open tabs learn their messages were delivered and read (issue 49). While either member blocks the other,
 * the page shows them as a member who left and reads nothing.
 */
export async function conversationPage(
  db: Kysely<Database>,
  memberId: number,
  query: { conversation: number; before?: number | undefined },
): Promise<MessagesResponse> {
  const side = await findConversationSide(db, query.conversation, memberId);
  if (!side) throw notInConversation();
  const [page, profiles, settings] = await Promise.all([
    listMessages(db, side.conversationId, {
      limit: MESSAGES_PAGE_SIZE,
      readerId: memberId,
      ...(query.before !== undefined && { beforeId: query.before }),
    }),
    findProfiles(db, [side.otherMemberId], { visibleOnly: true, viewerId: memberId }),
    readStoredSettings(db),
  ]);
  const newest = page.messages.at(-1);
  if (
    query.before === undefined &&
    newest &&
    (newest.id > side.readUpTo || newest.id > side.deliveredUpTo) &&
    // Between a blocked pair not even a read mark moves: the other would see it.
    !(await isBlockedBetween(db, memberId, side.otherMemberId))
  ) {
    await db.transaction().execute(async (trx) => {
      // A fetched page reached this member: delivered (issue 49), and read as before.
      if (await markDelivered(trx, side.conversationId, memberId, newest.id)) {
        await notifyMembers(trx, [side.otherMemberId], {
          type: 'delivered',
          conversation: side.conversationId,
          recipient: memberId,
          message: newest.id,
        });
      }
      if (!(await markRead(trx, side.conversationId, memberId, newest.id))) return;
      await notifyMembers(trx, [side.otherMemberId], {
        type: 'read',
        conversation: side.conversationId,
        reader: memberId,
        message: newest.id,
      });
      await notifyMembers(trx, [memberId], { type: 'chats' });
      await onConversationRead(trx, memberId, side.conversationId);
    });
  }
  return {
    conversation: {
      id: side.conversationId,
      other_read_up_to: side.otherReadUpTo,
      other_delivered_up_to: side.otherDeliveredUpTo,
    },
    profile: toChatProfile(side.otherMemberId, profiles.get(side.otherMemberId), settings),
    messages: page.messages.map((row) => toMessage(row, memberId)),
    has_more: page.hasMore,
  };
}

/** What a send answers; `repeated`: an earlier call with its `client_id` stored it. */
export interface SentMessage {
  message: Message;
  credits: number;
  repeated: boolean;
}

type SendBody = { conversation: number; text: string; client_id?: string | undefined };

/**
 * `POST /api/messages.php`. With a `client_id` the member sent before, it answers what that
 * call stored (the message, 202 again if held, the balance now) and does nothing else; the
 * same key with another conversation or text is 409 `client_id_reused` (issue 44,
 * docs/decisions/058). Two calls with one key at the same time meet at the unique index on
 * (sender, key): the second waits for the first's commit, fails, rolls back its charge and
 * answers the first's message, on any instance.
 */
export async function sendMessage(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'messageCredits' | 'brakes'>,
  memberId: number,
  body: SendBody,
): Promise<SentMessage> {
  const clientId = body.client_id;
  if (clientId !== undefined) {
    const stored = await findMessageByClientId(db, memberId, clientId);
    if (stored) return repeatOf(db, memberId, stored, body);
  }
  try {
    return { ...(await storeMessage(db, config, memberId, body)), repeated: false };
  } catch (error) {
    // A refusal may be the first call's doing too (it spent the last credit): what it
    // stored decides.
    if (clientId === undefined) throw error;
    const stored = await findMessageByClientId(db, memberId, clientId);
    if (!stored) throw error;
    return repeatOf(db, memberId, stored, body);
  }
}

async function repeatOf(
  db: Kysely<Database>,
  memberId: number,
  stored: MessageRow,
  body: SendBody,
): Promise<SentMessage> {
  // An unsent message lost its text: the conversation alone tells a repeat from a reuse.
  if (
    stored.conversation_id !== body.conversation ||
    (stored.removed_at === null && stored.text !== body.text)
  ) {
    throw clientIdReused('message');
  }
  const wallet = await findWallet(db, memberId);
  return { message: toMessage(stored, memberId), credits: wallet?.credits ?? 0, repeated: true };
}

/**
 * Stores a message and pays for it in one transaction: the
 * balance only moves when it covers the price (an atomic conditional update), so messages
 * sent at once never overdraw it; on 402 nothing is stored. Both members' tabs hear of the
 * message when the transaction commits. Refusals in this order: 403 `not_in_conversation`,
 * 403 `blocked`, 410 `member_gone`, 403 `not_activated`, 403 `verification_required` (the
 * other member lets only verified members write, `assertMayWriteTo`), 429 `conversation_limit` (a new
 * member's first message to someone beyond their limits, modules/chats/brakes.ts), 402
 * `credits_owed` (a refund took back credits the member had spent, docs/decisions/030), 402
 * `insufficient_credits` (decision 026). A message the duplicate-text brake holds is stored
 * and paid for, and reaches nobody but its sender (`message.held`).
 */
async function storeMessage(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'messageCredits' | 'brakes'>,
  memberId: number,
  body: SendBody,
): Promise<{ message: Message; credits: number }> {
  const prices = config.messageCredits;
  const side = await findConversationSide(db, body.conversation, memberId);
  if (!side) throw notInConversation();
  if (await isBlockedBetween(db, memberId, side.otherMemberId)) {
    throw forbidden('blocked', 'This member is no longer available: the message was not sent');
  }
  const other = await findProfiles(db, [side.otherMemberId], { visibleOnly: true });
  if (!other.has(side.otherMemberId)) {
    throw new AppError(
      410,
      'member_gone',
      'This member is no longer here: the message was not sent',
    );
  }
  await assertMayReachOut(db, memberId);
  await assertMayWriteTo(db, memberId, side.otherMemberId, side.conversationId);
  const fingerprint = textFingerprint(body.text);
  return retryOnConflict(() =>
    db.transaction().execute(async (trx) => {
      const starts = await startsConversation(trx, side.conversationId);
      if (starts) await assertMayStartConversation(trx, config.brakes, memberId);
      const sender = await findWallet(trx, memberId);
      if (!sender) throw new Error(`member ${memberId} has no profile`);
      const price = messageCredits(prices, { country: sender.country, paid: sender.paid });
      let credits = sender.credits;
      if (price > 0 && sender.credits_owed > 0) {
        throw new AppError(
          402,
          'credits_owed',
          `A refund took back ${sender.credits_owed} credit${sender.credits_owed === 1 ? '' : 's'} you had used: your next credit purchase settles them first`,
        );
      }
      if (price > 0) {
        const left = await changeCredits(trx, { memberId, amount: -price, reason: 'message' });
        if (left === null) {
          throw new AppError(
            402,
            'insufficient_credits',
            `A message costs ${price} credit${price === 1 ? '' : 's'} and you have ${sender.credits}: buy credits to send it`,
          );
        }
        credits = left;
      }
      const held = await holdsDuplicateText(trx, config.brakes, {
        senderId: memberId,
        conversationId: side.conversationId,
        fingerprint,
      });
      const row = await insertMessage(trx, {
        conversationId: side.conversationId,
        senderId: memberId,
        text: body.text,
        fingerprint,
        held,
        clientId: body.client_id,
      });
      if (starts) await markConversationStarted(trx, side.conversationId, memberId, row.created_at);
      // One's own message is read; the other side's list shows the conversation again.
      await markRead(trx, side.conversationId, memberId, row.id);
      await markDelivered(trx, side.conversationId, memberId, row.id);
      const own = toMessage(row, memberId);
      await notifyMembers(trx, [memberId], { type: 'message', message: own });
      // A held message reaches only its sender's tabs: no live event, notification or push.
      if (!held) {
        const message = toMessage(row);
        await notifyMembers(trx, [side.otherMemberId], { type: 'message', message });
        await onNewMessage(trx, side.otherMemberId, message);
      }
      if (price > 0) await notifyMembers(trx, [memberId], { type: 'user' });
      return { message: own, credits };
    }),
  );
}

/**
 * `DELETE /api/messages.php` (issue 49, docs/decisions/061): its sender takes a message back
 * within UNSEND_WINDOW_MINUTES. The row stays (its id keeps the order, read and delivered
 * marks their meaning, the credits stay spent); its text is emptied and both members' tabs
 * hear `message_removed` on commit. A push still waiting loses its preview, and one already
 * shown is replaced by "message removed". A report filed earlier keeps its own copy of the
 * text. Someone else's or an unknown message: 404 `not_found`; past the window: 409
 * `unsend_window_closed`. Unsending a message removed already answers it again.
 */
export async function unsendMessage(
  db: Kysely<Database>,
  memberId: number,
  messageId: number,
): Promise<{ message: Message }> {
  const removed = await db.transaction().execute(async (trx) => {
    const row = await removeMessage(trx, memberId, messageId, UNSEND_WINDOW_MINUTES);
    if (!row) return undefined;
    const side = await findConversationSide(trx, row.conversation_id, memberId);
    const event = {
      type: 'message_removed',
      conversation: row.conversation_id,
      message: row.id,
    } as const;
    // A held message never reached the other member: only the sender's tabs hear of it.
    const to = side && row.status === 'sent' ? [memberId, side.otherMemberId] : [memberId];
    await notifyMembers(trx, to, event);
    await notifyMembers(trx, to, { type: 'chats' });
    if (side && row.status === 'sent') await onMessageRemoved(trx, side.otherMemberId, row);
    return row;
  });
  if (removed) return { message: toMessage(removed, memberId) };
  const stored = await findOwnMessage(db, memberId, messageId);
  if (!stored) throw notFound('not_found', 'No such message of yours');
  if (stored.removed_at !== null) return { message: toMessage(stored, memberId) };
  throw new AppError(
    409,
    'unsend_window_closed',
    `A message can be unsent for ${UNSEND_WINDOW_MINUTES} minutes after sending`,
  );
}
