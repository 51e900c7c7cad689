import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { notifyMembers } from '../live/live-notify.js';
import { changeCredits } from './credit-ledger.repository.js';

/**
 * The developer panel's "set my credits to zero" (demo only): like every change of a balance,
 * one ledger row (reason `adjustment`, minus the balance), so the balance still equals the sum
 * of the ledger. A balance already at zero writes nothing. The member's open tabs refetch.
 */
export async function zeroCredits(
  db: Kysely<Database>,
  memberId: number,
): Promise<{ credits: number }> {
  return db.transaction().execute(async (trx) => {
    // Locked, so a message sent meanwhile cannot leave the balance above or below zero.
    const member = await trx
      .selectFrom('members')
      .select('credits')
      .where('id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!member) throw notFound('member_not_found', 'No such member');
    if (member.credits === 0) return { credits: 0 };
    const credits = await changeCredits(trx, {
      memberId,
      amount: -member.credits,
      reason: 'adjustment',
    });
    await notifyMembers(trx, [memberId], { type: 'user' });
    return { credits: credits ?? 0 };
  });
}
