import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  deleteMemberSessions,
  deleteSession,
  extendSession,
  findSessionMember,
  insertSession,
} from './session.repository.js';

export const SESSION_COOKIE = 'amora_session';
const EXTEND_AFTER_MS = 24 * 60 * 60 * 1000;
const ACTIVITY_STEP_MS = 60 * 1000;

/** Only the hash of the cookie value is stored. */
export const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');

export async function startSession(
  db: Kysely<Database>,
  memberId: number,
  options: { days: number; userAgent: string | null; ip: string | null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, { id: sessionId(token), memberId, ...options });
  return token;
}

/**
 * What the session lookup can bring along, in the same round trip, for routes that ask for
 * it: the member's own country and remembered search, which the member search starts from
 * (the page members open most; docs/decisions/009).
 */
export interface MemberContext {
  country: string | null;
  rememberedSearch: Record<string, string> | null;
}

/**
 * The member of a session cookie, or null; refreshes the expiry once a day and tells
 * whether the member's last activity is older than a minute (search orders by it). With
 * `withContext`, the member's context comes along.
 */
export async function resolveSession(
  db: Kysely<Database>,
  token: string,
  days: number,
  { withContext }: { withContext: boolean },
): Promise<{ memberId: number; activityStale: boolean; context: MemberContext | null } | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const id = sessionId(token);
  const found = await findSessionMember(db, id, { withContext });
  if (!found) return null;
  if (Date.now() - found.lastSeenAt.getTime() > EXTEND_AFTER_MS) await extendSession(db, id, days);
  return {
    memberId: found.memberId,
    activityStale: Date.now() - found.lastActiveAt.getTime() > ACTIVITY_STEP_MS,
    context: found.context,
  };
}

export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await deleteSession(db, sessionId(token));
}

/** Ends every session of a member except the one with the cookie value `keepToken`, if given. */
export async function endMemberSessions(
  db: Kysely<Database>,
  memberId: number,
  keepToken?: string | null,
): Promise<void> {
  await deleteMemberSessions(db, memberId, keepToken ? sessionId(keepToken) : undefined);
}
