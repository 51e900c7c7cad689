import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Counts one hit of `kind` for `key` and answers the hits of the last hour, this one
 * included, as a sliding-window estimate: this clock hour's hits plus the previous hour's
 * weighted by the part of it still inside the window. So the count neither drops to zero
 * on the hour nor allows twice the limit across it. One statement: concurrent instances
 * count alike.
 */
export async function countHourlyHit(
  db: Kysely<Database>,
  kind: string,
  key: string,
): Promise<number> {
  const { rows } = await sql<{ hits: number; previous: number; elapsed: number }>`
    with hit as (
      insert into rate_counters (kind, key, window_start, hits)
      values (${kind}, ${key}, date_trunc('hour', now()), 1)
      on conflict (kind, key, window_start) do update set hits = rate_counters.hits + 1
      returning hits
    )
    select
      hit.hits,
      coalesce((select hits from rate_counters
                where kind = ${kind} and key = ${key}
                  and window_start = date_trunc('hour', now()) - interval '1 hour'), 0) as previous,
      (extract(epoch from now() - date_trunc('hour', now())) / 3600)::float8 as elapsed
    from hit`.execute(db);
  const row = rows[0];
  if (!row) return 1;
  return row.hits + Number(row.previous) * (1 - Number(row.elapsed));
}

/** Drops the counts of hours no window reaches any more. */
export async function pruneHourlyCounters(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('rate_counters')
    .where('window_start', '<', sql<Date>`date_trunc('hour', now()) - interval '1 hour'`)
    .execute();
}
