import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The failures the rule weighs before a password check (docs/decisions/027). */
export interface FailureCounts {
  /** On this account from this address, within the window. */
  pair: number;
  /** From this address on any account, within the window. */
  address: number;
  /** On this account from anywhere, within the last hour. */
  accountHour: number;
}

/** Counts the failures of `account` and of `address` in one statement. */
export async function countFailures(
  db: Kysely<Database>,
  account: string,
  address: string,
  windowMinutes: number,
): Promise<FailureCounts> {
  const window = sql<Date>`now() - make_interval(mins => ${windowMinutes})`;
  const hour = sql<Date>`now() - interval '1 hour'`;
  const { rows } = await sql<FailureCounts>`
    select
      count(*) filter (where account = ${account} and address = ${address}
                         and created_at > ${window})::int as pair,
      count(*) filter (where address = ${address} and created_at > ${window})::int as address,
      count(*) filter (where account = ${account} and created_at > ${hour})::int as "accountHour"
    from login_failures
    where (account = ${account} or address = ${address})
      and created_at > least(${window}, ${hour})`.execute(db);
  return rows[0] ?? { pair: 0, address: 0, accountHour: 0 };
}

/**
 * Takes one try of a password for `address` on `account`, counted as a failure until the
 * password proves right (`clearPairFailures`): the address's failures are counted and the
 * row written under one lock on the address, so parallel requests cannot all read the
 * same count and all go on to a password check (issue 39). Answers the counts before this
 * try, and whether it was taken (false: a limit was reached, nothing written).
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  account: string,
  address: string,
  windowMinutes: number,
  allowed: (counts: FailureCounts) => boolean,
): Promise<{ counts: FailureCounts; taken: boolean }> {
  return db.transaction().execute(async (trx) => {
    // Released at commit; every try from this address queues here for a few milliseconds.
    await sql`select pg_advisory_xact_lock(hashtext(${`login_failures:${address}`}))`.execute(trx);
    const counts = await countFailures(trx, account, address, windowMinutes);
    if (!allowed(counts)) return { counts, taken: false };
    await trx.insertInto('login_failures').values({ account, address }).execute();
    return { counts, taken: true };
  });
}

/** A right password clears what this address failed on this account, nothing else. */
export async function clearPairFailures(
  db: Kysely<Database>,
  account: string,
  address: string,
): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('account', '=', account)
    .where('address', '=', address)
    .execute();
}

/**
 * Takes the day's alert for a member: true for the one caller that may mail the owner now
 * (no alert within the last 24 hours), false for every other, also across instances.
 */
export async function claimDailyAlert(db: Kysely<Database>, memberId: number): Promise<boolean> {
  const row = await db
    .insertInto('login_failure_alerts')
    .values({ member_id: memberId, sent_at: sql`now()` })
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet({ sent_at: sql`now()` })
        .where('login_failure_alerts.sent_at', '<=', sql<Date>`now() - interval '1 day'`),
    )
    .returning('member_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Drops failures older than a day: no count looks back further. */
export async function pruneFailures(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
