import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BackupRefusedError } from './backup-manifest.js';
import { countRows, latestMigration, listTables } from './table-counts.js';

const run = promisify(execFile);

/** `server_version_num` of the server behind `db` (150010 for 15.10). */
export async function serverVersion(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{
    v: string;
  }>`select current_setting('server_version_num') as v`.execute(db);
  return Number(rows[0]?.v);
}

/**
 * The client programs of the server's own major version, where Debian's and Ubuntu's
 * postgresql-client-<major> packages put them: an older pg_dump refuses a newer server, and a
 * dump of a newer one may not restore into an older one.
 */
export function pgBinDir(version: number): string {
  const major = Math.floor(version / 10_000);
  const dir = `/usr/lib/postgresql/${major}/bin`;
  if (!existsSync(join(dir, 'pg_dump')) || !existsSync(join(dir, 'pg_restore'))) {
    throw new BackupRefusedError(
      `The database runs PostgreSQL ${major}, whose pg_dump and pg_restore are not in ${dir}: ` +
        `install postgresql-client-${major}.`,
    );
  }
  return dir;
}

/**
 * The URL without its password, and the password as libpq's environment variable: a
 * password on a command line is readable by every user of the machine (`ps`).
 */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    url: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

async function runClient(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(program, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${program} failed: ${(e.stderr || e.message).trim()}`);
  }
}

/**
 * `pg_dump --format=custom` into `file`, run inside a repeatable-read transaction whose
 * snapshot it shares (`--snapshot`): the row counts of the manifest are those of the dump,
 * even while instances keep writing.
 */
export async function dumpPostgres(
  db: Kysely<Database>,
  databaseUrl: string,
  file: string,
): Promise<{ rowCounts: Record<string, number>; migration: string | null; version: number }> {
  const version = await serverVersion(db);
  const bin = pgBinDir(version);
  const { url, env } = connection(databaseUrl);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
      const snapshot = rows[0]?.id ?? '';
      const rowCounts = await countRows(trx);
      const migration = await latestMigration(trx);
      await runClient(
        join(bin, 'pg_dump'),
        ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${url}`],
        env,
      );
      return { rowCounts, migration, version };
    });
}

/** Refuses a database that holds any table, naming the database and its first tables. */
export async function assertPostgresEmpty(
  db: Kysely<Database>,
  databaseUrl: string,
): Promise<void> {
  const tables = await listTables(db);
  if (tables.length > 0) {
    const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || '(default)';
    throw new BackupRefusedError(
      `The database ${name} is not empty (it holds ${tables.slice(0, 3).join(', ')}` +
        `${tables.length > 3 ? ` and ${tables.length - 3} more tables` : ''}): ` +
        'a restore writes only into an empty database (createdb a new one).',
    );
  }
}

/**
 * `pg_restore` of the target server's version, in one transaction: a failure leaves the
 * database empty rather than half restored. Owners and grants are the restoring role's.
 */
export async function restorePostgres(
  db: Kysely<Database>,
  databaseUrl: string,
  file: string,
): Promise<void> {
  const bin = pgBinDir(await serverVersion(db));
  const { url, env } = connection(databaseUrl);
  await runClient(
    join(bin, 'pg_restore'),
    ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file],
    env,
  );
}
