import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { openPostgres } from '../db/postgres.js';
import { takeSnapshot } from '../db/snapshot.js';
import { databaseUrl } from './pg-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database per run; every test file then starts from a copy of it
 * (a directory copy for PGlite, CREATE DATABASE … TEMPLATE on PostgreSQL), never initdb.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? 'pglite';
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL tests');
    const name = `amora_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const handle = openPostgres(databaseUrl(adminUrl, name), 1);
    await migrateToLatest(handle.db);
    await takeSnapshot(handle.db);
    await handle.close();
    project.provide('postgresTemplate', name);
    return async () => {
      // The template, and every test database made from it (test-db.ts names them after it).
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $2`,
        [name, `${name}\\_%`],
      );
      for (const { datname } of rows) {
        await admin.query(`drop database if exists ${datname} with (force)`);
      }
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'amora-tpl-'));
  const handle = await openPglite(dir);
  await migrateToLatest(handle.db);
  // What each test file's database is put back to (test-db.ts).
  await takeSnapshot(handle.db);
  await handle.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
