import type { PGlite } from '@electric-sql/pglite';
import { PostgresDialect } from 'kysely';
import { preparedStatements } from './pglite-prepared.js';

/** A plain select, or one after common table expressions. */
const READS = /^\s*(select|with\s[\s\S]*?\)\s*select)\b/i;

/**
 * Kysely dialect for PGlite. PGlite is one in-process connection, so this hands
 * Kysely's own Postgres driver a "pool" of exactly one client that is lent to one
 * caller at a time: queries and whole transactions are serialised, and savepoints,
 * transactions and the SQL compiler are Kysely's tested Postgres code.
 */
export function createPgliteDialect(pg: PGlite): PostgresDialect {
  let queue: Promise<void> = Promise.resolve();
  const prepared = preparedStatements(pg);

  const client = {
    async query(sql: string, parameters: unknown[]) {
      const reads = READS.test(sql);
      // Reads with parameters (most of the traffic) run prepared. Writes stay one-off: a
      // generic plan cannot match `on conflict … where status = $1` to a partial index.
      const result =
        reads && parameters.length > 0 && !/\bon\s+conflict\b/i.test(sql)
          ? await prepared(sql, parameters)
          : await pg.query<Record<string, unknown>>(sql, parameters);
      // Kysely reads affected-row counts only for write commands.
      return {
        command: reads ? 'SELECT' : 'UPDATE',
        rowCount: result.affectedRows ?? 0,
        rows: result.rows,
      };
    },
    release() {},
  };

  const pool = {
    connect() {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => {
        release = resolve;
      });
      const ready = queue;
      queue = queue.then(() => turn);
      return ready.then(() => ({ ...client, release }));
    },
    async end() {
      await queue;
      await pg.close();
    },
  };

  // biome-ignore lint/suspicious/noExplicitAny: the pool only needs the two methods Kysely calls.
  return new PostgresDialect({ pool: pool as any });
}
