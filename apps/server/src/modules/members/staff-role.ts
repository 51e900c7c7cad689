import type { StaffRole } from '@amora/shared/schemas/staff';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The one rule of who is staff (docs/decisions/036): an admin is a member whose confirmed
 * address is on ADMIN_EMAILS, read on every call so removing an address takes the role at
 * once; a moderator is a stored role. A banned or deleted account has no role.
 */
export function roleOf(
  member: {
    email: string | null;
    activated_at: Date | null;
    status: string;
    staff_role: 'moderator' | null;
  },
  adminEmails: readonly string[],
): StaffRole | null {
  if (member.status !== 'active') return null;
  if (member.email && member.activated_at && adminEmails.includes(member.email.toLowerCase())) {
    return 'admin';
  }
  return member.staff_role;
}

/**
 * The members who may hold a role (a stored one, or an address on ADMIN_EMAILS), with what
 * `roleOf` needs to decide; a query, so callers add columns.
 */
export function staffCandidates(db: Db, adminEmails: readonly string[]) {
  return db
    .selectFrom('members')
    .select([
      'members.id',
      'members.email',
      'members.activated_at',
      'members.status',
      'members.staff_role',
    ])
    .where((eb) =>
      eb.or([
        eb('members.staff_role', 'is not', null),
        ...(adminEmails.length > 0 ? [eb('members.email', 'in', adminEmails)] : []),
      ]),
    );
}

export async function staffRoleOf(
  db: Db,
  memberId: number,
  adminEmails: readonly string[],
): Promise<StaffRole | null> {
  const member = await db
    .selectFrom('members')
    .select(['email', 'activated_at', 'status', 'staff_role'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  return member ? roleOf(member, adminEmails) : null;
}

/** Whether the member is an admin by ADMIN_EMAILS, whom nobody can ban or demote. */
export async function isListedAdmin(
  db: Db,
  memberId: number,
  adminEmails: readonly string[],
): Promise<boolean> {
  return (await staffRoleOf(db, memberId, adminEmails)) === 'admin';
}
