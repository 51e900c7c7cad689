import { isPaidMember } from '@amora/shared/rules/premium';
import type { User } from '@amora/shared/schemas/user';
import type { Kysely } from 'kysely';
import type { Database, Member } from '../../db/schema.js';
import { notLoggedIn } from '../../lib/errors.js';
import { findMemberById } from './member.repository.js';
import type { MemberCache } from './member-cache.js';
import { findProfiles, type ProfileRecord } from './profile.repository.js';
import { toOwnProfile } from './profile-view.js';
import { roleOf } from './staff-role.js';

/** What the User answer is made from: kept as rows, since the answer depends on the day. */
export interface UserRows {
  member: Member;
  record: ProfileRecord;
  /** The answer as sent, while nothing but a write can change it (see `answerUntil`). */
  answer?: { body: string; until: number };
}

export type UserCache = Pick<MemberCache<never, UserRows>, 'begin' | 'getUser' | 'setUser'>;

async function readUserRows(db: Kysely<Database>, memberId: number): Promise<UserRows | null> {
  const [member, profiles] = await Promise.all([
    findMemberById(db, memberId),
    findProfiles(db, [memberId], { visibleOnly: false }),
  ]);
  const record = profiles.get(memberId);
  if (!member || !record || member.status !== 'active' || !member.email) return null;
  return { member, record };
}

function toUser({ member, record }: UserRows, adminEmails: readonly string[], now: Date): User {
  return {
    id: member.id,
    email: member.email as string,
    mailprovider: member.mailprovider,
    paid_user: isPaidMember(member.paid_until, now),
    signup_date: member.signup_date.toISOString(),
    activated: member.activated_at !== null,
    credits: member.credits,
    last_signup_step: member.last_signup_step,
    profile: toOwnProfile(record, now),
    settings: {
      show_flagged_photos: member.show_flagged_photos,
      verified_contact_only: member.verified_contact_only,
    },
    staff: roleOf(member, adminEmails),
  };
}

/** The member's rows: from the cache unless the member changed since they were read. */
async function userRows(
  db: Kysely<Database>,
  memberId: number,
  cache: UserCache | null,
): Promise<UserRows> {
  const cached = cache?.getUser(memberId);
  if (cached) return cached;
  const ticket = cache?.begin() ?? null;
  const read = await readUserRows(db, memberId);
  if (!read) throw notLoggedIn();
  cache?.setUser(ticket, memberId, read);
  return read;
}

/** The User answer for the logged-in member (their own e-mail included, nobody else's). */
export async function loadUser(
  db: Kysely<Database>,
  memberId: number,
  adminEmails: readonly string[],
  { now = new Date(), cache = null }: { now?: Date; cache?: UserCache | null } = {},
): Promise<User> {
  return toUser(await userRows(db, memberId, cache), adminEmails, now);
}

const DAY_MS = 86_400_000;

/**
 * Until when an answer made at `now` stays right without a write: the age turns at UTC
 * midnight (`ageOn`), and a paid membership ends at `paid_until`.
 */
function answerUntil(member: Member, now: number): number {
  const midnight = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  const paidEnd = member.paid_until?.getTime() ?? Number.POSITIVE_INFINITY;
  return paidEnd > now ? Math.min(midnight, paidEnd) : midnight;
}

/**
 * `GET /api/user.php`'s body, `{ user }` through the route's own serializer (`serialize`),
 * made once and kept with the cached rows until a write or the clock changes it (decision
 * 042): the zod check and the JSON text are most of the call's own work.
 */
export async function loadUserBody(
  db: Kysely<Database>,
  memberId: number,
  adminEmails: readonly string[],
  {
    cache,
    serialize,
    now = Date.now(),
  }: { cache: UserCache | null; serialize: (answer: { user: User }) => string; now?: number },
): Promise<string> {
  const rows = await userRows(db, memberId, cache);
  if (rows.answer && now < rows.answer.until) return rows.answer.body;
  const body = serialize({ user: toUser(rows, adminEmails, new Date(now)) });
  rows.answer = { body, until: answerUntil(rows.member, now) };
  return body;
}
