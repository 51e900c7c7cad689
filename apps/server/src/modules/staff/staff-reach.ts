import type { StaffRole } from '@amora/shared/schemas/staff';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';
import { roleOf, staffCandidates } from '../members/staff-role.js';
import type { StaffActor } from './member-actions.service.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What a staff action touches: a member's `account` (ban, role, credits) or their
 * `content` (their photos, reports about them).
 */
export type StaffReach = 'account' | 'content';

/**
 * Who acts on whom (docs/decisions/036), the one rule for every staff action on a member
 * or on what is theirs: nobody acts on themselves, and only an admin acts on staff. A listed
 * admin's account answers to the operator alone (ADMIN_EMAILS), so no one acts on it; their
 * photos and reports about them go to the other admins, so they are not out of everyone's
 * sight. Callers: `lockMemberForStaff` (accounts), `lockMemberForStaffAction` (photos,
 * reports) and `membersOutOfReach` (the queues).
 */
export function staffMayActOn(
  actor: StaffActor,
  subject: { id: number; role: StaffRole | null },
  reach: StaffReach,
): boolean {
  if (subject.id === actor.staffId) return false;
  if (reach === 'account' && subject.role === 'admin') return false;
  return subject.role === null || actor.role === 'admin';
}

/**
 * The role a member is judged by: the one they hold while active, so a banned moderator
 * stays an admin's to unban and reports about them stay with admins.
 */
export function subjectRole(
  member: Parameters<typeof roleOf>[0],
  adminEmails: readonly string[],
): StaffRole | null {
  return roleOf({ ...member, status: 'active' }, adminEmails);
}

/** 403 `forbidden` unless `staffMayActOn`. */
export function assertStaffMayActOn(
  actor: StaffActor,
  subject: { id: number; role: StaffRole | null },
  reach: StaffReach,
): void {
  if (staffMayActOn(actor, subject, reach)) return;
  throw forbidden(
    'forbidden',
    subject.id === actor.staffId
      ? 'Nobody acts on themselves'
      : reach === 'account' && subject.role === 'admin'
        ? 'A listed admin answers to the operator alone'
        : 'Only an admin acts on another staff member',
  );
}

/**
 * Locks the member's row (`FOR UPDATE`, as the member's own changes do, so the role cannot
 * change under the action) and applies the rule; a member row that is gone passes (the
 * action then finds nothing of theirs).
 */
export async function lockMemberForStaffAction(
  trx: Transaction<Database>,
  actor: StaffActor,
  memberId: number,
): Promise<void> {
  const member = await trx
    .selectFrom('members')
    .select(['id', 'email', 'activated_at', 'status', 'staff_role'])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
  if (member) {
    assertStaffMayActOn(
      actor,
      { id: member.id, role: subjectRole(member, actor.adminEmails) },
      'content',
    );
  }
}

/**
 * The members the actor may not act on (themselves and the staff the rule keeps from
 * them), never empty: what the queues leave out, so nobody is shown work they may not do.
 * Staff are few, so the list stays short.
 */
export async function membersOutOfReach(db: Db, actor: StaffActor): Promise<number[]> {
  const staff = await staffCandidates(db, actor.adminEmails).execute();
  const protectedStaff = staff.filter(
    (member) =>
      !staffMayActOn(
        actor,
        { id: member.id, role: subjectRole(member, actor.adminEmails) },
        'content',
      ),
  );
  return [actor.staffId, ...protectedStaff.map((member) => member.id)];
}
