import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { poolSources } from '../lib/metrics.js';
import { DATE, type DatabaseHandle, INT8, keepText, parseInt8 } from './handle.js';
import { postgresListen } from './postgres-listen.js';
import type { Database } from './schema.js';
import { AfterWriteHooks, poolWithAfterWrite, registerAfterWriteHooks } from './write-barrier.js';

/** A PostgreSQL server (`DATABASE_URL`): a pool of `max` connections and LISTEN on its own. */
export function openPostgres(connectionString: string, max = 10): DatabaseHandle {
  const typeParsers = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8) return parseInt8;
      if (oid === DATE) return keepText;
      return pg.types.getTypeParser(oid, format);
    },
  };
  const pool = new pg.Pool({ connectionString, max, types: typeParsers });
  // An idle client that loses its server must not take the process down.
  pool.on('error', () => {});
  const afterWrite = new AfterWriteHooks();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: poolWithAfterWrite(pool, afterWrite) }),
  });
  registerAfterWriteHooks(db, afterWrite);
  const removeSource = poolSources.add(() => ({
    inUse: pool.totalCount - pool.idleCount,
    waiting: pool.waitingCount,
  }));
  return {
    db,
    kind: 'postgres',
    listen: postgresListen(connectionString),
    close: () => {
      removeSource();
      return db.destroy();
    },
  };
}
