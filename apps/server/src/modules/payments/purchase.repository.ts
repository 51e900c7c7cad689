import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The member's balance and what a refund left them owing, locked until the transaction ends. */
export async function lockMemberCredits(trx: Transaction<Database>, memberId: number) {
  return trx
    .selectFrom('members')
    .select(['credits', 'credits_owed'])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Credits a refund took back that the balance could not cover (negative: paid off). */
export async function addCreditsOwed(db: Db, memberId: number, credits: number): Promise<void> {
  await db
    .updateTable('members')
    .set({ credits_owed: sql<number>`credits_owed + ${credits}` })
    .where('id', '=', memberId)
    .execute();
}

/** Premium days added after what the member has now (from now when it ran out). */
export async function extendPremium(db: Db, memberId: number, days: number): Promise<void> {
  await db
    .updateTable('members')
    .set({
      paid_until: sql<Date>`greatest(coalesce(paid_until, now()), now())
        + make_interval(days => ${days})`,
    })
    .where('id', '=', memberId)
    .execute();
}

/** Takes an order's days off the end; what is left of other orders' premium stays. */
export async function shortenPremium(db: Db, memberId: number, days: number): Promise<void> {
  await db
    .updateTable('members')
    .set({
      paid_until: sql<Date>`case
        when paid_until is null then null
        when paid_until - make_interval(days => ${days}) > now()
          then paid_until - make_interval(days => ${days})
        else least(paid_until, now()) end`,
    })
    .where('id', '=', memberId)
    .execute();
}
