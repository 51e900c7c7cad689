import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notifySessionsEnded } from '../live/live-notify.js';
import { blockedWith } from '../members/blocks.repository.js';

/** How long sessions live: `days` after their last use, `maxDays` after logging in at most. */
export interface SessionLifetime {
  days: number;
  maxDays: number;
}

/** The idle expiry from now, never past the absolute end (`created_at` + `maxDays`). */
const nextExpiry = (lifetime: SessionLifetime, createdAt = sql<Date>`now()`) =>
  sql<Date>`least(now() + make_interval(days => ${lifetime.days}), ${createdAt} + make_interval(days => ${lifetime.maxDays}))`;

/** Sessions that have ended neither by idling nor by age. */
const live = (lifetime: SessionLifetime) =>
  sql<boolean>`sessions.expires_at > now() and sessions.created_at > now() - make_interval(days => ${lifetime.maxDays})`;

export async function insertSession(
  db: Kysely<Database>,
  session: {
    id: string;
    memberId: number;
    lifetime: SessionLifetime;
    userAgent: string | null;
    ip: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      member_id: session.memberId,
      expires_at: nextExpiry(session.lifetime),
      user_agent: session.userAgent,
      ip: session.ip,
    })
    .execute();
}

/** What a search starts from, read with the session (and kept with it in the member cache). */
export interface MemberContext {
  country: string | null;
  rememberedSearch: Record<string, string> | null;
  /** The member chose to see flagged photos unblurred. */
  showFlaggedPhotos: boolean;
  /** Members this one blocked or was blocked by: each one's search leaves the other out. */
  blockedWith: number[];
}

/** What the session lookup reads of its member (see `resolveSession`). */
export interface SessionMemberRow {
  memberId: number;
  lastSeenAt: Date;
  lastActiveAt: Date;
  /** When the session ends unless used again: its idle expiry or its absolute end. */
  endsAt: Date;
  /** Read only when asked for (`withContext`): two more joins cost about 0.2 ms of planning. */
  context: MemberContext | null;
}

/**
 * The member of a live session: the session exists, has neither idled out nor outlived
 * `maxDays` since the login, and the member may log in.
 */
export async function findSessionMember(
  db: Kysely<Database>,
  id: string,
  lifetime: SessionLifetime,
  { withContext }: { withContext: boolean },
): Promise<SessionMemberRow | undefined> {
  const base = db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .select(['sessions.member_id', 'sessions.last_seen_at', 'members.last_active_at'])
    .select(
      sql<Date>`least(sessions.expires_at, sessions.created_at + make_interval(days => ${lifetime.maxDays}))`.as(
        'ends_at',
      ),
    )
    .where('sessions.id', '=', id)
    .where(live(lifetime))
    .where('members.status', '=', 'active');
  if (!withContext) {
    const row = await base.executeTakeFirst();
    return (
      row && {
        memberId: row.member_id,
        lastSeenAt: row.last_seen_at,
        lastActiveAt: row.last_active_at,
        endsAt: row.ends_at,
        context: null,
      }
    );
  }
  const row = await base
    .leftJoin('profiles', 'profiles.member_id', 'sessions.member_id')
    .leftJoin('member_searches', 'member_searches.member_id', 'sessions.member_id')
    .select(['profiles.country', 'member_searches.filters', 'members.show_flagged_photos'])
    .select(sql<number[]>`array(${blockedWith(sql.ref('sessions.member_id'))})`.as('blocked_with'))
    .executeTakeFirst();
  return (
    row && {
      memberId: row.member_id,
      lastSeenAt: row.last_seen_at,
      lastActiveAt: row.last_active_at,
      endsAt: row.ends_at,
      context: {
        country: row.country,
        rememberedSearch: row.filters,
        showFlaggedPhotos: row.show_flagged_photos,
        blockedWith: row.blocked_with.map(Number),
      },
    }
  );
}

/**
 * Notes the use of a session and slides its idle expiry forward (never past its absolute
 * end). A call that finds it done within the last `stepSeconds` (another request at the
 * same moment) writes nothing.
 */
export async function touchSession(
  db: Kysely<Database>,
  id: string,
  lifetime: SessionLifetime,
  stepSeconds: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({
      last_seen_at: sql<Date>`now()`,
      expires_at: nextExpiry(lifetime, sql<Date>`sessions.created_at`),
    })
    .where('id', '=', id)
    .where('last_seen_at', '<=', sql<Date>`now() - make_interval(secs => ${stepSeconds})`)
    .execute();
}

/** A live session of a member's, as the sessions list shows it. */
export interface MemberSessionRow {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
}

/** The member's live sessions, most recently used first. */
export async function listMemberSessions(
  db: Kysely<Database>,
  memberId: number,
  lifetime: SessionLifetime,
): Promise<MemberSessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'user_agent'])
    .where('member_id', '=', memberId)
    .where(live(lifetime))
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    userAgent: row.user_agent,
  }));
}

/**
 * Ends a session (only the given member's, with `memberId`); its open live channels are
 * closed on every instance. Answers whether there was such a session.
 */
export async function deleteSession(
  db: Kysely<Database>,
  id: string,
  memberId?: number,
): Promise<boolean> {
  let query = db.deleteFrom('sessions').where('id', '=', id);
  if (memberId !== undefined) query = query.where('member_id', '=', memberId);
  const gone = await query.returning('id').execute();
  await notifySessionsEnded(
    db,
    gone.map((row) => row.id),
  );
  return gone.length > 0;
}

/**
 * Ends every session of a member except, optionally, the one in use (live channels too).
 * Answers how many ended.
 */
export async function deleteMemberSessions(
  db: Kysely<Database>,
  memberId: number,
  exceptId?: string,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('member_id', '=', memberId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const gone = await query.returning('id').execute();
  await notifySessionsEnded(
    db,
    gone.map((row) => row.id),
  );
  return gone.length;
}
