import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Rows one statement deletes at most: short locks, and instances share the work. */
const BATCH = 1000;

/**
 * What the retention schedule drops, and when (docs/privacy.md). Each rule names its table,
 * the key column and the condition of a row no rule needs any more.
 */
const RULES: { table: keyof Database; key: string; expired: RawBuilder<boolean>; what: string }[] =
  [
    { table: 'sessions', key: 'id', expired: sql`expires_at < now()`, what: 'ended sessions' },
    {
      table: 'outbox',
      key: 'id',
      expired: sql`status in ('sent', 'failed') and coalesce(sent_at, created_at) < now() - interval '30 days'`,
      what: 'mail and push records older than 30 days',
    },
    {
      table: 'page_presence',
      key: 'id',
      expired: sql`updated_at < now() - interval '1 day'`,
      what: 'open-tab records a day old',
    },
    {
      table: 'member_tokens',
      key: 'id',
      expired: sql`expires_at < now() - interval '1 day'`,
      what: 'mailed links a day after they expired',
    },
    {
      table: 'auth_attempts',
      key: 'id',
      expired: sql`created_at < now() - interval '1 day'`,
      what: 'signup, check and reset attempts a day old',
    },
  ];

/**
 * Deletes expired rows in batches, each batch's rows claimed `FOR UPDATE SKIP LOCKED`, so the
 * instances running this every hour never wait for each other or delete twice. Answers how
 * many rows went, per table.
 */
export async function pruneByRetention(db: Kysely<Database>): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const rule of RULES) {
    let total = 0;
    for (;;) {
      const result = await sql`
        delete from ${sql.table(rule.table)} where ${sql.ref(rule.key)} in (
          select ${sql.ref(rule.key)} from ${sql.table(rule.table)}
          where ${rule.expired}
          limit ${BATCH}
          for update skip locked
        )`.execute(db);
      const n = Number(result.numAffectedRows ?? 0n);
      total += n;
      if (n < BATCH) break;
    }
    if (total > 0) removed[rule.table] = total;
  }
  return removed;
}
