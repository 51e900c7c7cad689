import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseKind, openPglite } from '../db/database.js';
import type { Listen } from '../db/listen.js';
import { openPostgres } from '../db/postgres.js';
import type { Database } from '../db/schema.js';
import { databaseUrl } from './pg-url.js';

export interface TestDb {
  db: Kysely<Database>;
  kind: DatabaseKind;
  listen: Listen;
  /** For tests that need a second app instance on the same data (PostgreSQL only). */
  url: string | null;
  destroy(): Promise<void>;
}

/** A fresh, migrated, empty database of the kind this test project runs on. */
export async function createTestDb(): Promise<TestDb> {
  if ((process.env.TEST_DB_KIND ?? 'pglite') === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `amora_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    const url = databaseUrl(adminUrl, name);
    const handle = openPostgres(url, 5);
    return {
      db: handle.db,
      kind: 'postgres',
      listen: handle.listen,
      url,
      async destroy() {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'amora-db-'));
  cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  const handle = await openPglite(dir);
  return {
    db: handle.db,
    kind: 'pglite',
    listen: handle.listen,
    url: null,
    async destroy() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
