import type { MemberActionBody } from '@amora/shared/schemas/staff';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { textLocale } from '../../lib/locale-text.js';
import { deleteMemberSessions } from '../auth/session.repository.js';
import { notifyMembers } from '../live/live-notify.js';
import { enqueueMail } from '../mail/mail-outbox.repository.js';
import { onAccountNotice } from '../notifications/member-events.js';
import { appendAudit } from './audit-log.repository.js';
import { assertStaffMayActOn, subjectRole } from './staff-reach.js';

type Trx = Transaction<Database>;

export interface StaffActor {
  staffId: number;
  role: 'admin' | 'moderator';
  adminEmails: readonly string[];
}

const memberNotFound = () => notFound('member_not_found', 'No such member');

/**
 * Locks a member who can be acted on. 404 for an unknown or deleted one; 403 `forbidden`
 * for the caller themselves, a listed admin, or (for a moderator) another staff member.
 */
export async function lockMemberForStaff(trx: Trx, actor: StaffActor, memberId: number) {
  const member = await trx
    .selectFrom('members')
    .leftJoin('profiles', 'profiles.member_id', 'members.id')
    .select([
      'members.id',
      'members.email',
      'members.activated_at',
      'members.status',
      'members.staff_role',
      'profiles.name',
      'profiles.language',
    ])
    .where('members.id', '=', memberId)
    .forUpdate('members')
    .executeTakeFirst();
  if (!member || member.status === 'deleted') throw memberNotFound();
  assertStaffMayActOn(
    actor,
    { id: member.id, role: subjectRole(member, actor.adminEmails) },
    'account',
  );
  return member;
}

/**
 * Bans: the member's open tabs hear `{ type: "banned" }` first (NOTIFY keeps the order at
 * commit), then every session ends on every instance. Search, likes and chat lists leave a
 * banned member out by their status rule; login answers 403 `banned` with the reason.
 */
export async function banInTransaction(
  trx: Trx,
  actor: StaffActor,
  memberId: number,
  reason: string,
) {
  await lockMemberForStaff(trx, actor, memberId);
  await trx
    .updateTable('members')
    .set({ status: 'banned', ban_reason: reason, banned_at: new Date() })
    .where('id', '=', memberId)
    .execute();
  await notifyMembers(trx, [memberId], { type: 'banned' });
  await deleteMemberSessions(trx, memberId);
  await appendAudit(trx, { staffId: actor.staffId, action: 'ban', subjectId: memberId, reason });
}

/** A warning: a notification and a mail, the translated frame around the staff text. */
export async function warnInTransaction(
  trx: Trx,
  actor: StaffActor,
  memberId: number,
  text: string,
) {
  const member = await lockMemberForStaff(trx, actor, memberId);
  if (member.status === 'active' && member.email) {
    await onAccountNotice(trx, memberId, 'staff_warning', text);
    await enqueueMail(trx, {
      memberId,
      payload: {
        to: member.email,
        locale: textLocale(member.language),
        template: 'staff_warning',
        data: { name: member.name ?? '', text },
      },
    });
  }
  await appendAudit(trx, {
    staffId: actor.staffId,
    action: 'warn',
    subjectId: memberId,
    reason: text,
  });
}

/** `POST /api/admin/members.php`: ban, unban or warn, each in the audit log. */
export async function actOnMember(
  db: Kysely<Database>,
  actor: StaffActor,
  body: MemberActionBody,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (body.action === 'ban') return banInTransaction(trx, actor, body.member, body.reason);
    if (body.action === 'warn') return warnInTransaction(trx, actor, body.member, body.reason);
    await lockMemberForStaff(trx, actor, body.member);
    await trx
      .updateTable('members')
      .set({ status: 'active', ban_reason: null, banned_at: null })
      .where('id', '=', body.member)
      .where('status', '=', 'banned')
      .execute();
    await appendAudit(trx, {
      staffId: actor.staffId,
      action: 'unban',
      subjectId: body.member,
      reason: body.reason,
    });
  });
}
