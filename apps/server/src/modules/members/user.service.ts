import { isPaidMember } from '@amora/shared/rules/premium';
import type { User } from '@amora/shared/schemas/user';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notLoggedIn } from '../../lib/errors.js';
import { roleOf } from '../staff/staff-role.js';
import { findMemberById } from './member.repository.js';
import { findProfiles } from './profile.repository.js';
import { toOwnProfile } from './profile-view.js';

/** The User answer for the logged-in member (their own e-mail included, nobody else's). */
export async function loadUser(
  db: Kysely<Database>,
  memberId: number,
  adminEmails: readonly string[],
  now = new Date(),
): Promise<User> {
  const [member, profiles] = await Promise.all([
    findMemberById(db, memberId),
    findProfiles(db, [memberId], { visibleOnly: false }),
  ]);
  const record = profiles.get(memberId);
  if (!member || !record || member.status !== 'active' || !member.email) throw notLoggedIn();
  return {
    id: member.id,
    email: member.email,
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
