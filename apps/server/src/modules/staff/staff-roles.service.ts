import type { StaffRoleBody } from '@amora/shared/schemas/staff';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { roleOf, staffCandidates } from '../members/staff-role.js';
import { appendAudit } from './audit-log.repository.js';
import { lockMemberForStaff, type StaffActor } from './member-actions.service.js';

/** `GET /api/admin/staff.php`: the listed admins who have an account, and the moderators. */
export async function listStaff(db: Kysely<Database>, adminEmails: readonly string[]) {
  const rows = await staffCandidates(db, adminEmails)
    .leftJoin('profiles', 'profiles.member_id', 'members.id')
    .select('profiles.name')
    .orderBy('members.id')
    .execute();
  return rows.flatMap((row) => {
    const role = roleOf(row, adminEmails);
    return role ? [{ id: row.id, name: row.name, role, listed: role === 'admin' }] : [];
  });
}

/** `POST /api/admin/staff.php`: an admin makes a member a moderator, or takes the role back. */
export async function setStaffRole(
  db: Kysely<Database>,
  actor: StaffActor,
  body: StaffRoleBody,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockMemberForStaff(trx, actor, body.member);
    await trx
      .updateTable('members')
      .set({ staff_role: body.role })
      .where('id', '=', body.member)
      .execute();
    await appendAudit(trx, {
      staffId: actor.staffId,
      action: body.role ? 'staff.grant' : 'staff.revoke',
      subjectId: body.member,
      reason: body.role,
    });
  });
}
