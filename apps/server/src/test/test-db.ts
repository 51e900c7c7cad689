import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseKind, openPglite } from '../db/database.js';
import type { DatabaseHandle } from '../db/handle.js';
import type { Listen, Unlisten } from '../db/listen.js';
import { openPostgres } from '../db/postgres.js';
import type { Database } from '../db/schema.js';
import { restoreSnapshot } from '../db/snapshot.js';
import { databaseUrl } from './pg-url.js';

export interface TestDb {
  db: Kysely<Database>;
  kind: DatabaseKind;
  listen: Listen;
  /** For tests that need a second app instance on the same data (PostgreSQL only). */
  url: string | null;
  destroy(): Promise<void>;
}

/**
 * An open database of this worker: a PGlite folder, or a database of the PostgreSQL
 * server, each a copy of the migrated template (test/global-setup.ts).
 */
interface Pooled {
  handle: DatabaseHandle;
  url: string | null;
  discard(): Promise<void>;
}

/**
 * Databases of this worker, open and idle. Making one costs a copy of the template and, for
 * PGlite, a WebAssembly start (about a second on two cores; on PostgreSQL a CREATE DATABASE
 * and, afterwards, a DROP); putting an open one back as the template was costs tens of
 * milliseconds (db/snapshot.ts, taken once in global-setup.ts). A worker runs its test files
 * one after another and shares their modules (`isolate: false`), so the next file takes what
 * the last one left (decision 051).
 */
const idle: Pooled[] = [];
let templateSchema: string | undefined;
let made = 0;

/** A migrated, empty database of the kind this test project runs on, as the template was. */
export async function createTestDb(): Promise<TestDb> {
  const pooled = idle.pop() ?? (await makeDatabase());
  // Every row and sequence back where the migrations left them.
  await restoreSnapshot(pooled.handle.db);
  const listening = new Set<Unlisten>();
  let released = false;
  return {
    db: pooled.handle.db,
    kind: pooled.handle.kind,
    listen: async (channel, onPayload, events) => {
      const unlisten = await pooled.handle.listen(channel, onPayload, events);
      listening.add(unlisten);
      return Object.assign(
        async () => {
          listening.delete(unlisten);
          await unlisten();
        },
        { caughtUp: () => unlisten.caughtUp() },
      );
    },
    url: pooled.url,
    async destroy() {
      if (released) return;
      released = true;
      for (const unlisten of listening) await unlisten();
      // A file that changed the schema and did not put it back hands on no database.
      if ((await schemaOf(pooled.handle.db)) === templateSchema) idle.push(pooled);
      else await pooled.discard();
    },
  };
}

async function makeDatabase(): Promise<Pooled> {
  const pooled =
    process.env.TEST_DB_KIND === 'postgres' ? await makePostgres() : await makePglite();
  templateSchema ??= await schemaOf(pooled.handle.db);
  return pooled;
}

async function makePglite(): Promise<Pooled> {
  const dir = mkdtempSync(join(tmpdir(), 'amora-db-'));
  dirs.add(dir);
  cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  const handle = await openPglite(dir);
  return {
    handle,
    url: null,
    async discard() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
      dirs.delete(dir);
    },
  };
}

async function makePostgres(): Promise<Pooled> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const template = inject('postgresTemplate');
  // Named after the run's template, whose teardown drops every database of the run.
  made += 1;
  const name = `${template}_${process.pid}_${made}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  const handle = openPostgres(url, 5);
  return {
    handle,
    url,
    async discard() {
      await handle.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/** The public tables, columns, functions and triggers, as one text to compare. */
async function schemaOf(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`
    select concat_ws(';',
      (select string_agg(table_name || '.' || column_name, ',' order by table_name, column_name)
         from information_schema.columns where table_schema = 'public'),
      (select string_agg(tgname, ',' order by tgname) from pg_trigger where not tgisinternal),
      (select string_agg(proname, ',' order by proname) from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public')
    ) as schema`.execute(db);
  return rows[0]?.schema ?? '';
}

// PGlite folders go with the worker (they would otherwise stay in the temp folder); the
// PostgreSQL databases go with the run (global-setup.ts).
const dirs = new Set<string>();
process.once('exit', () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
