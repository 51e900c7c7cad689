import type { PGlite } from '@electric-sql/pglite';
import { PostgresDialect } from 'kysely';

/**
 * Kysely dialect for PGlite. PGlite is one in-process connection, so this hands
 * Kysely's own Postgres driver a "pool" of exactly one client that is lent to one
 * caller at a time: queries and whole transactions are serialised, and savepoints,
 * transactions and the SQL compiler are Kysely's tested Postgres code.
 */
export function createPgliteDialect(pg: PGlite): PostgresDialect {
  let queue: Promise<void> = Promise.resolve();

  const client = {
    async query(sql: string, parameters: unknown[]) {
      const result = await pg.query<Record<string, unknown>>(sql, parameters);
      // Kysely reads affected-row counts only for write commands.
      const command = /^\s*(select|with\s[\s\S]*?\)\s*select)\b/i.test(sql) ? 'SELECT' : 'UPDATE';
      return { command, rowCount: result.affectedRows ?? 0, rows: result.rows };
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
