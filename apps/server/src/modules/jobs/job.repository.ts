import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, OutboxKind, OutboxTable } from '../../db/schema.js';
import type { JobRecord } from '../../lib/job-contract.js';

type Db = Kysely<Database> | Transaction<Database>;
export type OutboxJob = Selectable<OutboxTable>;

/** A job is tried this often; after the last failed try it stays `failed`. */
export const MAX_ATTEMPTS = 5;
/** How long a claimed job is locked; past that, another instance may take it over. */
export const DEFAULT_LOCK_SECONDS = 300;
const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];

/** Back-off after the given number of failed tries: 30 s, 2 min, 10 min, 1 h. */
export function retryDelayMs(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1]!;
}

/**
 * Takes the next due job of the given kinds, in a short transaction of its own: the row is
 * locked with `FOR UPDATE SKIP LOCKED` (so concurrent workers pass over it), set to
 * `sending` and its try counted. While it is sending, `run_after` is its lock's end: a job
 * whose worker died becomes due again then.
 */
export async function claimNextJob(
  db: Kysely<Database>,
  options: { kinds: readonly OutboxKind[]; lockSeconds?: number },
): Promise<OutboxJob | null> {
  const lockSeconds = options.lockSeconds ?? DEFAULT_LOCK_SECONDS;
  return db.transaction().execute(async (trx) => {
    const next = await trx
      .selectFrom('outbox')
      .select('id')
      .where('status', 'in', ['pending', 'sending'])
      .where('run_after', '<=', sql<Date>`now()`)
      .where('kind', 'in', options.kinds)
      .orderBy('run_after')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!next) return null;
    const lockEnd = sql<Date>`now() + make_interval(secs => ${lockSeconds})`;
    const job = await trx
      .updateTable('outbox')
      .set({
        status: 'sending',
        attempts: sql`attempts + 1`,
        locked_until: lockEnd,
        run_after: lockEnd,
      })
      .where('id', '=', next.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return job;
  });
}

/** Marks a job sent; `payload` replaces the stored one (to drop secrets once they are used). */
export async function markJobSent(db: Db, id: number, result: JobRecord = {}): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: sql`now()`,
      locked_until: null,
      last_error: null,
      rendered: result.rendered ? JSON.stringify(result.rendered) : null,
      ...(result.payload ? { payload: JSON.stringify(result.payload) } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Records a failed try: the job is due again after `retryInMs`, or, when that is null
 * (tries used up, or a payload that can never be sent), stays `failed`.
 */
export async function markJobFailed(
  db: Db,
  id: number,
  result: JobRecord & { error: string; retryInMs: number | null },
): Promise<void> {
  const retry = result.retryInMs !== null;
  await db
    .updateTable('outbox')
    .set({
      status: retry ? 'pending' : 'failed',
      run_after: retry
        ? sql`now() + make_interval(secs => ${result.retryInMs! / 1000})`
        : sql`now()`,
      locked_until: null,
      last_error: result.error.slice(0, 2000),
      rendered: result.rendered ? JSON.stringify(result.rendered) : null,
      ...(result.payload ? { payload: JSON.stringify(result.payload) } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Removes a job's record altogether (a mail whose address must not be kept). */
export async function deleteJob(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('outbox').where('id', '=', id).execute();
}

/** Due jobs not yet done per kind, and how long the oldest has waited (read on a scrape). */
export async function waitingJobsByKind(
  db: Kysely<Database>,
): Promise<Array<{ kind: string; waiting: number; oldestSeconds: number }>> {
  const rows = await db
    .selectFrom('outbox')
    .select([
      'kind',
      sql<number>`count(*)::int`.as('waiting'),
      sql<number>`extract(epoch from now() - min(run_after))::float8`.as('oldestSeconds'),
    ])
    .where('status', 'in', ['pending', 'sending'])
    .where('run_after', '<=', sql<Date>`now()`)
    .groupBy('kind')
    .execute();
  return rows.map((r) => ({
    ...r,
    waiting: Number(r.waiting),
    oldestSeconds: Number(r.oldestSeconds),
  }));
}
