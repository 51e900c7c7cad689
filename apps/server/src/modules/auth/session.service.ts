import { createHash, randomBytes } from 'node:crypto';
import type { SessionInfo } from '@amora/shared/schemas/sessions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { MemberCache } from '../members/member-cache.js';
import {
  deleteMemberSessions,
  deleteSession,
  findSessionMember,
  insertSession,
  listMemberSessions,
  type MemberContext,
  type SessionLifetime,
  touchSession,
} from './session.repository.js';

export type { SessionLifetime } from './session.repository.js';

export const SESSION_COOKIE = 'amora_session';
/**
 * A session's last use is written at most this often (and its idle expiry slides with it):
 * the sessions list shows it to the minute without a write on every call.
 */
const SESSION_TOUCH_STEP_MS = 60 * 1000;
const ACTIVITY_STEP_MS = 60 * 1000;
/** Enough for any real browser's name; the rest of a longer header is dropped. */
export const USER_AGENT_MAX_LENGTH = 500;

/** Only the hash of the cookie value is stored. */
export const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The id a session is shown and ended by: a hash of the stored hash, so it names the session
 * without being usable as its cookie (nor as the stored id), and needs no column of its own.
 */
export const publicSessionId = (storedId: string) =>
  createHash('sha256').update(`public-session:${storedId}`).digest('base64url').slice(0, 22);

/** The User-Agent header as kept with a session: trimmed, cut to a sensible length, or null. */
export function storedUserAgent(header: string | undefined): string | null {
  const value = header?.replace(/\s+/g, ' ').trim().slice(0, USER_AGENT_MAX_LENGTH).trim();
  return value ? value : null;
}

export async function startSession(
  db: Kysely<Database>,
  memberId: number,
  options: { lifetime: SessionLifetime; userAgent: string | undefined; ip: string | null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, {
    id: sessionId(token),
    memberId,
    lifetime: options.lifetime,
    userAgent: storedUserAgent(options.userAgent),
    ip: options.ip,
  });
  return token;
}

/**
 * What the session lookup can bring along, in the same round trip, for routes that ask for
 * it: the member's own country and remembered search, which the member search starts from
 * (the page members open most; docs/decisions/009).
 */
export type { MemberContext } from './session.repository.js';

/** What the member cache keeps of a session (times in ms since the epoch). */
export interface CachedSession {
  memberId: number;
  lastSeenAt: number;
  lastActiveAt: number;
  endsAt: number;
  /** Kept once a route read it; every change to it notifies, like the member's rows. */
  context: MemberContext | null;
}

export type SessionCache = Pick<
  MemberCache<CachedSession, unknown>,
  'begin' | 'getSession' | 'setSession'
>;

/**
 * Whether a session read at some time still answers for now without the database: not
 * ended, and neither its use nor the member's activity is due to be noted (each once a
 * minute), so serving it skips no write.
 */
const servable = (s: CachedSession, now: number) =>
  now < s.endsAt &&
  now - s.lastSeenAt < SESSION_TOUCH_STEP_MS &&
  now - s.lastActiveAt <= ACTIVITY_STEP_MS;

/**
 * The member of a session cookie, or null; notes the session's use once a minute (sliding
 * its idle expiry, never past `maxDays` after the login) and tells whether the member's last
 * activity is older than a minute (search orders by it). With `withContext`, the member's
 * context comes along. With a `cache`, a session read within the minute answers without the
 * database, and so does its context once a route read it (decision 047).
 */
export async function resolveSession(
  db: Kysely<Database>,
  token: string,
  lifetime: SessionLifetime,
  { withContext, cache }: { withContext: boolean; cache?: SessionCache | null },
): Promise<{ memberId: number; activityStale: boolean; context: MemberContext | null } | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const id = sessionId(token);
  const hit = cache?.getSession(id);
  if (hit && servable(hit, Date.now()) && (!withContext || hit.context)) {
    return {
      memberId: hit.memberId,
      activityStale: false,
      context: withContext ? hit.context : null,
    };
  }
  const ticket = cache?.begin() ?? null;
  const found = await findSessionMember(db, id, lifetime, { withContext });
  if (!found) return null;
  const read: CachedSession = {
    memberId: found.memberId,
    lastSeenAt: found.lastSeenAt.getTime(),
    lastActiveAt: found.lastActiveAt.getTime(),
    endsAt: found.endsAt.getTime(),
    // A cached entry is served only while its member is unchanged, so its context still holds.
    context: found.context ?? hit?.context ?? null,
  };
  const now = Date.now();
  if (now - read.lastSeenAt >= SESSION_TOUCH_STEP_MS) {
    await touchSession(db, id, lifetime, SESSION_TOUCH_STEP_MS / 1000 - 1);
  } else if (cache && servable(read, now)) {
    cache.setSession(ticket, id, read);
  }
  return {
    memberId: found.memberId,
    activityStale: now - read.lastActiveAt > ACTIVITY_STEP_MS,
    context: withContext ? found.context : null,
  };
}

export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await deleteSession(db, sessionId(token));
}

/**
 * Ends every session of a member except the one with the cookie value `keepToken`, if
 * given; answers how many ended.
 */
export async function endMemberSessions(
  db: Kysely<Database>,
  memberId: number,
  keepToken?: string | null,
): Promise<number> {
  return deleteMemberSessions(db, memberId, keepToken ? sessionId(keepToken) : undefined);
}

/** `GET /api/sessions.php`: where the member is logged in, the calling session first. */
export async function listSessions(
  db: Kysely<Database>,
  memberId: number,
  currentToken: string | null,
  lifetime: SessionLifetime,
): Promise<SessionInfo[]> {
  const currentId = currentToken ? sessionId(currentToken) : null;
  const rows = await listMemberSessions(db, memberId, lifetime);
  const sessions = rows.map((row) => ({
    id: publicSessionId(row.id),
    current: row.id === currentId,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastSeenAt.toISOString(),
    user_agent: row.userAgent,
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/**
 * `DELETE /api/sessions.php { id }`: ends one of the member's live sessions, found by its
 * public id (404 `session_not_found` for an unknown one, or another member's). Answers
 * whether it was the caller's own.
 */
export async function endSessionById(
  db: Kysely<Database>,
  memberId: number,
  publicId: string,
  currentToken: string | null,
  lifetime: SessionLifetime,
): Promise<{ current: boolean }> {
  const rows = await listMemberSessions(db, memberId, lifetime);
  const row = rows.find((r) => publicSessionId(r.id) === publicId);
  if (!row || !(await deleteSession(db, row.id, memberId))) throw sessionNotFound();
  return { current: currentToken !== null && row.id === sessionId(currentToken) };
}

const sessionNotFound = () =>
  notFound('session_not_found', 'No such session: it has ended, or it is not yours');
