import { isPaidMember } from '@amora/shared/rules/premium';
import type { User } from '@amora/shared/schemas/user';
import type { Kysely } from 'kysely';
import type { Database, Member } from '../../db/schema.js';
import { notLoggedIn } from '../../lib/errors.js';
import { roleOf } from '../staff/staff-role.js';
import { findMemberById } from './member.repository.js';
import type { MemberCache } from './member-cache.js';
import { findProfiles, type ProfileRecord } from './profile.repository.js';
import { toOwnProfile } from './profile-view.js';

/** What the User answer is made from: kept as rows, since the answer depends on the day. */
export interface UserRows {
  member: Member;
  record: ProfileRecord;
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
    settings: { show_flagged_photos: member.show_flagged_photos },
    staff: roleOf(member, adminEmails),
  };
}

/**
 * The User answer for the logged-in member (their own e-mail included, nobody else's). With
 * a `cache`, from the rows read last time unless the member changed since (decision 042).
 */
export async function loadUser(
  db: Kysely<Database>,
  memberId: number,
  adminEmails: readonly string[],
  { now = new Date(), cache = null }: { now?: Date; cache?: UserCache | null } = {},
): Promise<User> {
  let rows = cache?.getUser(memberId);
  if (!rows) {
    const ticket = cache?.begin() ?? null;
    const read = await readUserRows(db, memberId);
    if (!read) throw notLoggedIn();
    cache?.setUser(ticket, memberId, read);
    rows = read;
  }
  return toUser(rows, adminEmails, now);
}
