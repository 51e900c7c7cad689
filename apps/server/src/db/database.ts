import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { type DatabaseHandle, keepText, parseInt8 } from './handle.js';
import { pgliteListen } from './listen.js';
import { createPgliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type { DatabaseHandle, DatabaseKind } from './handle.js';

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

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // The PostgreSQL driver loads only where one is configured (issue 24: every start's
    // module loading counts).
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(options.databaseUrl);
  }
  return openPglite(`${options.dataDir}/pgdata`);
}
