import { isPaidMember } from '@amora/shared/rules/premium';
import { type Kysely, sql } from 'kysely';
import type { CreditReason, Database } from '../../db/schema.js';

/**
 * What decides a member's message price and what they can pay with: the balance, the
 * country (prices may differ by country) and whether a premium plan runs now.
 */
export async function findWallet(
  db: Kysely<Database>,
  memberId: number,
): Promise<
  | {
      credits: number;
      country: string | null;
      /** The country whose prices the member pays (set at the first order). */
      price_country: string | null;
      credits_owed: number;
      paid: boolean;
      paid_until: Date | null;
    }
  | undefined
> {
  const wallet = await db
    .selectFrom('members')
    .innerJoin('profiles', 'profiles.member_id', 'members.id')
    .select([
      'members.credits',
      'profiles.country',
      'members.price_country',
      'members.credits_owed',
      'members.paid_until',
    ])
    .where('members.id', '=', memberId)
    .executeTakeFirst();
  return wallet && { ...wallet, paid: isPaidMember(wallet.paid_until) };
}

/**
 * Moves a member's credits by `amount` (positive in, negative out) and writes the ledger row
 * for it. Call it inside a transaction: the balance column and the row belong together.
 * Answers the new balance, or null (nothing written) when the balance would go below zero
 * or the member does not exist.
 */
export async function changeCredits(
  db: Kysely<Database>,
  change: { memberId: number; amount: number; reason: CreditReason; orderId?: string },
): Promise<number | null> {
  if (!Number.isInteger(change.amount) || change.amount === 0) {
    throw new Error(`a credit change must be a non-zero whole number, got ${change.amount}`);
  }
  const updated = await db
    .updateTable('members')
    .set({ credits: sql<number>`credits + ${change.amount}` })
    .where('id', '=', change.memberId)
    .where(sql<boolean>`credits + ${change.amount} >= 0`)
    .returning('credits')
    .executeTakeFirst();
  if (!updated) return null;
  await db
    .insertInto('credit_ledger')
    .values({
      member_id: change.memberId,
      amount: change.amount,
      reason: change.reason,
      order_id: change.orderId ?? null,
    })
    .execute();
  return updated.credits;
}

export interface LedgerRow {
  id: number;
  amount: number;
  reason: CreditReason;
  createdAt: Date;
}

/** A member's ledger, newest first; `beforeId` continues after the last row of a page. */
export async function listLedger(
  db: Kysely<Database>,
  memberId: number,
  options: { limit: number; beforeId?: number },
): Promise<LedgerRow[]> {
  let query = db
    .selectFrom('credit_ledger')
    .select(['id', 'amount', 'reason', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.beforeId !== undefined) query = query.where('id', '<', options.beforeId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    amount: r.amount,
    reason: r.reason,
    createdAt: r.created_at,
  }));
}

/** The sum of a member's ledger rows (equals `members.credits`). */
export async function ledgerBalance(db: Kysely<Database>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)::int`.as('balance'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.balance;
}
