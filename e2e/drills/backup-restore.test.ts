import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../apps/server/src/config/config.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { listTables } from '../../apps/server/src/modules/backup/table-counts.js';
import { createMediaStores } from '../../apps/server/src/modules/media/media-stores.js';
import type { MediaStores } from '../../apps/server/src/modules/media/object-store.js';
import { prepareData } from '../../apps/server/src/startup.js';
import { startS3StandIn } from '../../apps/server/src/test/stand-ins/s3-stand-in.js';
import { startPgCluster } from '../support/pg-cluster.js';
import { childEnv } from '../support/server.js';

// Issue 45: `npm run backup` and `npm run restore` on both database kinds. Seeded, backed up,
// restored into a new empty database and store, then every table's rows and every object's
// bytes compared with the source's.
const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'amora-drill-backup-'));
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

/** The built command, as `npm run backup|restore` runs it, with the server's environment. */
function command(name: 'backup' | 'restore', dir: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [join(root, `apps/server/dist/${name}.js`), dir], {
      env: childEnv({ LOG_LEVEL: 'warn', ...env }),
    });
    let output = '';
    child.stdout.on('data', (c) => {
      output += c;
    });
    child.stderr.on('data', (c) => {
      output += c;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** What a first start writes (settings, the demo login, members with portraits) and an export. */
async function seed(env: Record<string, string>) {
  const config = parseConfig(childEnv({ SEED_MEMBERS: '3', ...env }));
  const stores = await createMediaStores(config);
  const handle = await openDatabase(config);
  try {
    await prepareData(handle, config, stores, pino({ level: 'silent' }));
  } finally {
    await handle.close();
  }
  await stores.exports.put('drill-export.zip', randomBytes(4096), 'application/zip');
  // A private picture (decision 059): a report's photo copy, with no public address.
  await stores.private.put('evidence-drill.webp', randomBytes(2048), 'image/webp');
}

/** Every table's rows (an md5 of them in a fixed order) and every object's bytes. */
async function contents(env: Record<string, string>) {
  const config = parseConfig(childEnv(env));
  const handle = await openDatabase(config);
  const tables: Record<string, string> = {};
  try {
    for (const table of await listTables(handle.db)) {
      const name = sql.raw(
        table
          .split('.')
          .map((p) => `"${p}"`)
          .join('.'),
      );
      const { rows } = await sql<{ rows: string }>`
        select count(*) || ':' || md5(coalesce(string_agg(t::text, E'\n' order by t::text), ''))
          as rows from ${name} t`.execute(handle.db);
      tables[table] = rows[0]!.rows;
    }
  } finally {
    await handle.close();
  }
  const stores: MediaStores = await createMediaStores(config);
  const objects: Record<string, string> = {};
  for (const store of ['uploads', 'exports', 'private'] as const) {
    for await (const { name } of stores[store].list()) {
      objects[`${store}/${name}`] = (await stores[store].get(name)).toString('base64');
    }
  }
  return { tables, objects };
}

type Env = Record<string, string>;

/** `refusal`: an environment naming a non-empty database or store, and what the refusal names. */
async function drill(source: Env, target: Env, refusal: { env: Env; names: RegExp }) {
  const started = performance.now();
  await seed(source);
  const before = await contents(source);
  expect(Number(before.tables['public.members']?.split(':')[0])).toBeGreaterThan(3);
  expect(
    Object.keys(before.objects).filter((n) => n.startsWith('uploads/')).length,
  ).toBeGreaterThan(3);
  expect(before.objects['private/evidence-drill.webp']).toBeDefined();

  const dir = join(work, `backup-${source.DATA_DIR?.split('/').pop()}`);
  const backup = await command('backup', dir, source);
  expect(backup.code, backup.output).toBe(0);

  // Into a database or store that holds data: refused, naming it, before anything is written.
  const refused = await command('restore', dir, refusal.env);
  expect(refused.code, refused.output).toBe(2);
  expect(refused.output).toMatch(refusal.names);

  // A damaged copy of an object: refused by its checksum, before anything is written.
  const copy = join(dir, 'media', 'exports', 'drill-export.zip');
  const good = readFileSync(copy);
  writeFileSync(copy, Buffer.concat([good.subarray(0, -1), Buffer.from([good.at(-1)! ^ 1])]));
  const damaged = await command('restore', dir, target);
  expect(damaged.code, damaged.output).toBe(2);
  expect(damaged.output).toMatch(/exports\/drill-export\.zip: checksum differs/);
  writeFileSync(copy, good);

  const restore = await command('restore', dir, target);
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toMatch(/row counts and checksums match the manifest/);

  const after = await contents(target);
  expect(after.tables).toEqual(before.tables);
  expect(Object.keys(after.objects).sort()).toEqual(Object.keys(before.objects).sort());
  expect(after.objects).toEqual(before.objects);
  return (performance.now() - started) / 1000;
}

describe('backup and restore drill (issue 45)', () => {
  it('restores a PGlite database and local media folders whole', async () => {
    const source = { DATA_DIR: join(work, 'pglite-source') };
    const seconds = await drill(
      source,
      { DATA_DIR: join(work, 'pglite-target') },
      {
        env: source,
        names: /The uploads store \(.*pglite-source\/uploads, .*\) is not empty/,
      },
    );
    console.log(`backup-restore drill, PGlite and local folders: ${seconds.toFixed(1)} s`);
  });

  it('restores a PostgreSQL database and a bucket whole', async () => {
    const cluster = await startPgCluster();
    cleanups.push(() => cluster.destroy());
    const s3 = await startS3StandIn(['amora-source', 'amora-target']);
    cleanups.push(() => s3.stop());
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database amora_source');
    await admin.query('create database amora_target');
    await admin.end();
    const database = (name: string) => cluster.url.replace(/\/postgres$/, `/${name}`);
    const target = {
      DATA_DIR: join(work, 'pg-target'),
      DATABASE_URL: database('amora_target'),
      ...s3.env('amora-target'),
    };
    const seconds = await drill(
      {
        DATA_DIR: join(work, 'pg-source'),
        DATABASE_URL: database('amora_source'),
        ...s3.env('amora-source'),
      },
      target,
      {
        env: { ...target, DATABASE_URL: database('amora_source') },
        names: /The database amora_source is not empty \(it holds public\./,
      },
    );
    console.log(`backup-restore drill, PostgreSQL and a bucket: ${seconds.toFixed(1)} s`);
  });
});
