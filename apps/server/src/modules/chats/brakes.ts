import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import { limitedUntil } from '../../lib/errors.js';

/**
 * The scam brakes (issue 17, docs/decisions/033): every rule that slows a member down
 * because of how they write lives here. Each runs inside the transaction that stores the
 * message, after the sender's row is locked, so parallel sends cannot slip past a limit.
 */

type Trx = Transaction<Database>;
type Brakes = AppConfig['brakes'];

const HOUR_MS = 60 * 60 * 1000;
/** How long a member counts as new, and the day window of their conversation limit. */
const NEW_MEMBER_MS = 24 * HOUR_MS;
/** The window in which the same text to several members gets a message held. */
const DUPLICATE_WINDOW_MINUTES = 60;

/** The text as the duplicate brake compares it: lower case, digits out, spacing collapsed. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/\p{Nd}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** SHA-256 (hex) of the normalised text: stored with each message, compared by the brake. */
export const textFingerprint = (text: string): string =>
  createHash('sha256').update(normaliseText(text)).digest('hex');

/**
 * Whether a message in this conversation starts it: nobody has written in it yet (so the
 * other member has not written to the sender). Replies never start one.
 */
export async function startsConversation(trx: Trx, conversationId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('conversations')
    .select('started_by')
    .where('id', '=', conversationId)
    .executeTakeFirst();
  if (row?.started_by != null) return false;
  const written = await trx
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .limit(1)
    .executeTakeFirst();
  return !written;
}

/**
 * When a new member may start the next conversation, or null when they may now: members
 * signed up less than 24 hours ago start at most `perHour` conversations in any hour and
 * `perDay` in those 24 hours. The time is when enough of their starts leave the windows
 * (never later than the moment they stop being new). Call with the sender's row locked.
 */
export function nextStartAllowedAt(
  starts: readonly Date[],
  signupDate: Date,
  now: Date,
  brakes: Pick<Brakes, 'newMemberConversationsPerHour' | 'newMemberConversationsPerDay'>,
): Date | null {
  const grownUp = new Date(signupDate.getTime() + NEW_MEMBER_MS);
  if (grownUp <= now) return null;
  const waitFor = (windowMs: number, limit: number): number => {
    const inWindow = starts
      .filter((s) => s.getTime() > now.getTime() - windowMs)
      .sort((a, b) => a.getTime() - b.getTime());
    if (inWindow.length < limit) return 0;
    // The oldest starts must leave the window until one slot is free.
    return inWindow[inWindow.length - limit]!.getTime() + windowMs;
  };
  const at = Math.max(
    waitFor(HOUR_MS, brakes.newMemberConversationsPerHour),
    waitFor(NEW_MEMBER_MS, brakes.newMemberConversationsPerDay),
  );
  if (at === 0) return null;
  return new Date(Math.min(at, grownUp.getTime()));
}

/**
 * Refuses a new member's next new conversation beyond their limits: 429
 * `conversation_limit` with `retry_at`. Locks the sender's row for the transaction, so two
 * first messages sent at once cannot both take the last free start.
 */
export async function assertMayStartConversation(
  trx: Trx,
  brakes: Brakes,
  memberId: number,
): Promise<void> {
  const member = await trx
    .selectFrom('members')
    .select(['signup_date', sql<Date>`now()`.as('now')])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const now = new Date(member.now);
  if (member.signup_date.getTime() + NEW_MEMBER_MS <= now.getTime()) return;
  const rows = await trx
    .selectFrom('conversations')
    .select('started_at')
    .where('started_by', '=', memberId)
    .where('started_at', '>', new Date(now.getTime() - NEW_MEMBER_MS))
    .execute();
  const starts = rows.flatMap((r) => (r.started_at ? [r.started_at] : []));
  const retryAt = nextStartAllowedAt(starts, member.signup_date, now, brakes);
  if (retryAt) {
    throw limitedUntil(
      'conversation_limit',
      `New members start a limited number of conversations at first: you can write to someone new again at ${retryAt.toISOString()}`,
      retryAt,
    );
  }
}

/** Records who wrote first in a conversation, and when (what the limit above counts). */
export async function markConversationStarted(
  trx: Trx,
  conversationId: number,
  memberId: number,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('conversations')
    .set({ started_by: memberId, started_at: at })
    .where('id', '=', conversationId)
    .where('started_by', 'is', null)
    .execute();
}

/**
 * Whether the message is held for review: its normalised text went from this sender to
 * `duplicateTextRecipients` or more other members (held messages included) within the hour.
 */
export async function holdsDuplicateText(
  trx: Trx,
  brakes: Brakes,
  message: { senderId: number; conversationId: number; fingerprint: string },
): Promise<boolean> {
  const row = await trx
    .selectFrom('messages')
    .select(sql<number>`count(distinct conversation_id)::int`.as('n'))
    .where('sender_id', '=', message.senderId)
    .where('fingerprint', '=', message.fingerprint)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${DUPLICATE_WINDOW_MINUTES})`)
    .where('conversation_id', '<>', message.conversationId)
    .executeTakeFirstOrThrow();
  return row.n >= brakes.duplicateTextRecipients;
}
