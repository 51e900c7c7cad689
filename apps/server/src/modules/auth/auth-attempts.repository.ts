import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Attempts of one kind for one key within the last `windowMinutes`. */
export async function countRecentAttempts(
  db: Kysely<Database>,
  kind: string,
  key: string,
  windowMinutes: number,
): Promise<number> {
  const row = await db
    .selectFrom('auth_attempts')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('kind', '=', kind)
    .where('key', '=', key)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${windowMinutes})`)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function recordAttempt(
  db: Kysely<Database>,
  kind: string,
  key: string,
): Promise<void> {
  await db.insertInto('auth_attempts').values({ kind, key }).execute();
}

export async function clearAttempts(
  db: Kysely<Database>,
  kind: string,
  key: string,
): Promise<void> {
  await db.deleteFrom('auth_attempts').where('kind', '=', kind).where('key', '=', key).execute();
}
