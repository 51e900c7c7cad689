import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { createPgliteDialect } from '../../db/pglite-dialect.js';
import type { Database } from '../../db/schema.js';
import { BackupRefusedError } from './backup-manifest.js';
import { countRows, latestMigration } from './table-counts.js';

/**
 * PGlite is one process's database: it writes `postmaster.pid` while open and removes it on
 * close. A second process opening the folder would corrupt it, so a backup needs the server
 * stopped (the file is also left by a server that was killed: start and stop it once).
 */
function assertStopped(pgdata: string): void {
  if (existsSync(join(pgdata, 'postmaster.pid'))) {
    throw new BackupRefusedError(
      `${pgdata} is in use (postmaster.pid): stop the server first, PGlite allows one process ` +
        'at a time. If no server runs, the last one was killed: start and stop it once.',
    );
  }
}

async function withPglite<T>(
  client: PGlite,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const db = new Kysely<Database>({ dialect: createPgliteDialect(client) });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** The data dir as PGlite's own tarball (`dumpDataDir`), with the counts of the same state. */
export async function dumpPglite(
  pgdata: string,
  file: string,
): Promise<{ rowCounts: Record<string, number>; migration: string | null }> {
  if (!existsSync(join(pgdata, 'PG_VERSION'))) {
    throw new BackupRefusedError(`${pgdata} holds no PGlite database: is DATA_DIR right?`);
  }
  assertStopped(pgdata);
  const client = await PGlite.create(pgdata);
  return withPglite(client, async (db) => {
    const rowCounts = await countRows(db);
    const migration = await latestMigration(db);
    const tarball = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    return { rowCounts, migration };
  });
}

/** Refuses a data dir that holds anything. */
export function assertPgliteEmpty(pgdata: string): void {
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
    throw new BackupRefusedError(
      `The PGlite data dir ${pgdata} is not empty: a restore writes only into an empty one ` +
        '(point DATA_DIR at a new folder, or move this one away).',
    );
  }
}

/** Unpacks the tarball into `pgdata` (`loadDataDir`) and counts the restored rows. */
export async function restorePglite(
  pgdata: string,
  file: string,
): Promise<{ rowCounts: Record<string, number>; migration: string | null }> {
  mkdirSync(pgdata, { recursive: true });
  const client = await PGlite.create(pgdata, { loadDataDir: new Blob([readFileSync(file)]) });
  return withPglite(client, async (db) => ({
    rowCounts: await countRows(db),
    migration: await latestMigration(db),
  }));
}
