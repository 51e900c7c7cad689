import type { CreditCorrection } from '@amora/shared/schemas/site-admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { changeCredits } from '../credits/credit-ledger.repository.js';
import { notifyMembers } from '../live/live-notify.js';
import { appendAudit } from './audit-log.repository.js';
import { lockMemberForStaff, type StaffActor } from './member-actions.service.js';

/**
 * `POST /api/admin/credits.php`: a staff correction of a balance, as any change is, a ledger
 * row (reason `adjustment`) beside the balance, with the staff reason in the audit log. A
 * correction below zero is refused (400 `invalid_input` on `amount`).
 */
export async function correctCredits(
  db: Kysely<Database>,
  actor: StaffActor,
  body: CreditCorrection,
): Promise<{ credits: number }> {
  return db.transaction().execute(async (trx) => {
    await lockMemberForStaff(trx, actor, body.member);
    const credits = await changeCredits(trx, {
      memberId: body.member,
      amount: body.amount,
      reason: 'adjustment',
    });
    if (credits === null) {
      const text = 'The balance would fall below zero';
      throw badRequest('invalid_input', text, { amount: text });
    }
    await appendAudit(trx, {
      staffId: actor.staffId,
      action: 'credits.adjust',
      subjectId: body.member,
      reason: `${body.amount > 0 ? '+' : ''}${body.amount}: ${body.reason}`,
    });
    await notifyMembers(trx, [body.member], { type: 'user' });
    return { credits };
  });
}
