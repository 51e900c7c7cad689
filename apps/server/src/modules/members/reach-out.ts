import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The one rule on who may reach out to other members (issue 14, decision 026): a member
 * who has not confirmed their e-mail address may search and view profiles, but a like, a
 * new conversation and a message answer 403 `not_activated` until the link in the
 * activation mail is followed. Callers check what they address first (a member who is
 * there, a conversation they are in), then this, then anything to pay.
 */
export async function assertMayReachOut(db: Db, memberId: number): Promise<void> {
  if (!(await mayReachOut(db, memberId))) throw notActivated();
}

/** Whether the member may like, start a conversation and write (see assertMayReachOut). */
export async function mayReachOut(db: Db, memberId: number): Promise<boolean> {
  const member = await db
    .selectFrom('members')
    .select('activated_at')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return Boolean(member?.activated_at);
}

/** The refusal of assertMayReachOut: the app explains it and offers the link again. */
export const notActivated = () =>
  forbidden(
    'not_activated',
    'Confirm your e-mail address first: follow the link in the activation mail',
  );

/**
 * A member's choice that only verified members may write to them (`verified_contact_only`,
 * issue 48, docs/decisions/063): an unverified member may not start a conversation with
 * them nor write in one, unless the member who chose it started that conversation (they
 * asked for the answer). Callers check it right after `assertMayReachOut`, before anything
 * to pay; `conversationId` is the conversation written in, or null for a new one.
 */
export async function assertMayWriteTo(
  db: Db,
  senderId: number,
  recipientId: number,
  conversationId: number | null,
): Promise<void> {
  const row = await db
    .selectFrom('members as recipient')
    .innerJoin('members as sender', (join) => join.on('sender.id', '=', senderId))
    .select(['recipient.verified_contact_only', 'sender.verified_at'])
    .where('recipient.id', '=', recipientId)
    .executeTakeFirst();
  if (!row?.verified_contact_only || row.verified_at !== null) return;
  if (conversationId !== null) {
    const conversation = await db
      .selectFrom('conversations')
      .select('started_by')
      .where('id', '=', conversationId)
      .executeTakeFirst();
    if (conversation?.started_by === recipientId) return;
  }
  throw forbidden(
    'verification_required',
    'This member only hears from verified members: verify your profile to write to them',
  );
}
