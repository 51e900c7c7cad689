import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Listen, pgliteListen, postgresListen } from './listen.js';
import { createPgliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';
import { AfterWriteHooks, poolWithAfterWrite, registerAfterWriteHooks } from './write-barrier.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** LISTEN on a NOTIFY channel of this database (live updates across instances). */
  listen: Listen;
  close(): Promise<void>;
}

/** int8 ids and counts as numbers, dates as 'YYYY-MM-DD' text: the same on both drivers. */
const INT8 = 20;
const DATE = 1082;
const parseInt8 = (value: string) => Number(value);
const keepText = (value: string) => value;

/**
 * PGlite's own default of 128 MB shared buffers is zeroed inside WebAssembly on every open:
 * about half a second of a warm `npm start` on a 2-core machine (issue 24). 32 MB holds the
 * demo's and the 5 000-member benchmark's whole database; beyond it pages come from the
 * operating system's cache. A larger site runs on PostgreSQL (`DATABASE_URL`).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    startParams: PGLITE_START_PARAMS,
    parsers: { [pgliteTypes.INT8]: parseInt8, [pgliteTypes.DATE]: keepText },
  });
  const db = new Kysely<Database>({ dialect: createPgliteDialect(client) });
  return { db, kind: 'pglite', listen: pgliteListen(client), close: () => db.destroy() };
}

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
  return {
    db,
    kind: 'postgres',
    listen: postgresListen(connectionString),
    close: () => db.destroy(),
  };
}

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(`${options.dataDir}/pgdata`);
}
