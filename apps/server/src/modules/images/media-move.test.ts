import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, parseConfig } from '../../config/config.js';
import { startS3StandIn } from '../../test/stand-ins/s3-stand-in.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { createMediaStores, probeMediaStores } from '../media/media-stores.js';
import type { MediaStores, ObjectStore } from '../media/object-store.js';
import { seedMembers } from '../seed/seed-members.js';
import { checkMedia, describeCheck } from './media-check.js';
import { moveMedia } from './media-move.js';

const names = async (store: ObjectStore) => {
  const all: string[] = [];
  for await (const { name } of store.list()) all.push(name);
  return all.sort();
};

/** The bucket's store, failing every put after the first `puts` as a dropped connection does. */
function breaksAfter(store: ObjectStore, puts: number): ObjectStore {
  let left = puts;
  return Object.assign(Object.create(store) as ObjectStore, {
    put: (name: string, body: Buffer, type: string) => {
      if (left-- <= 0) return Promise.reject(new Error('socket hang up'));
      return store.put(name, body, type);
    },
  });
}

describe('npm run media -- move and check, from a local demo database into a bucket', () => {
  let testDb: TestDb;
  let dataDir: string;
  let s3: Awaited<ReturnType<typeof startS3StandIn>>;
  let local: MediaStores;
  let bucket: MediaStores;
  let bucketConfig: AppConfig;
  let localFiles: string[];
  let privateFiles: string[];
  let pendingExport: string;
  let usedExport: string;

  beforeAll(async () => {
    testDb = await createTestDb();
    dataDir = mkdtempSync(join(tmpdir(), 'amora-move-'));
    const localConfig = parseConfig({ DATA_DIR: dataDir });
    local = await createMediaStores(localConfig);
    // The demo's own seed: two members, each with a portrait and its thumbnail on disk.
    await seedMembers(testDb.db, { count: 2, uploads: local.uploads, seed: 43 });
    const first = await testDb.db
      .selectFrom('images')
      .select(['id', 'member_id', 'filename', 'thumb_filename'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // A flagged photo's blurred copies are objects of their own.
    const blurred = { full: `${randomUUID()}.webp`, thumb: `${randomUUID()}-thumb.webp` };
    await local.uploads.put(blurred.full, await local.uploads.get(first.filename), 'image/webp');
    await local.uploads.put(blurred.thumb, Buffer.from('blurred thumb'), 'image/webp');
    await testDb.db
      .updateTable('images')
      .set({
        screening: 'flagged',
        blurred_filename: blurred.full,
        blurred_thumb_filename: blurred.thumb,
        original_private: true,
      })
      .where('id', '=', first.id)
      .execute();
    // Its original and thumbnail are private pictures (decision 059).
    for (const name of [first.filename, first.thumb_filename]) {
      await local.private.put(name, await local.uploads.get(name), 'image/webp');
      await local.uploads.remove(name);
    }
    privateFiles = [first.filename, first.thumb_filename].sort();
    // One export waits for its download; another was downloaded, its file not yet pruned.
    pendingExport = `${randomUUID()}.zip`;
    usedExport = `${randomUUID()}.zip`;
    for (const [file, status, expires] of [
      [pendingExport, 'ready', sql<Date>`now() + interval '1 day'`],
      [usedExport, 'downloaded', sql<Date>`now() - interval '1 hour'`],
    ] as const) {
      await local.exports.put(file, Buffer.from(`zip ${file}`), 'application/zip');
      await testDb.db
        .insertInto('data_exports')
        .values({
          id: file.slice(0, 36),
          member_id: first.member_id,
          status,
          progress: 100,
          file,
          token: status === 'ready' ? randomUUID() : null,
          expires_at: expires,
        })
        .execute();
    }
    localFiles = readdirSync(localConfig.uploadsDir).sort();
    expect(localFiles).toHaveLength(4);

    s3 = await startS3StandIn(['amora-media']);
    bucketConfig = parseConfig({ DATA_DIR: dataDir, ...s3.env() });
    bucket = await createMediaStores(bucketConfig);
    await probeMediaStores(bucket, bucketConfig);
  });

  afterAll(async () => {
    await testDb?.destroy();
    await s3?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every photo and the pending export, resumes after a break, and keeps the local files', async () => {
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    // The connection drops after three objects.
    const broken = { ...bucket, uploads: breaksAfter(bucket.uploads, 3) };
    await expect(
      moveMedia({ db: testDb.db, from: local, to: broken, log, concurrency: 1 }),
    ).rejects.toThrow(/socket hang up/);
    expect(await names(bucket.uploads)).toHaveLength(3);

    lines.length = 0;
    const resumed = await moveMedia({ db: testDb.db, from: local, to: bucket, log });
    expect(resumed).toMatchObject({ objects: 7, present: 3, copied: 4, skipped: [], absent: [] });
    expect(lines[0]).toMatch(/^moved 3 of 7 \(\d+\.\d MB\)$/);
    expect(lines.at(-1)).toMatch(/^moved 7 of 7 \(\d+\.\d MB\)$/);
    expect(await names(bucket.uploads)).toEqual(localFiles);
    expect(await names(bucket.private)).toEqual(privateFiles);
    for (const name of privateFiles) {
      expect((await bucket.private.get(name)).equals(await local.private.get(name))).toBe(true);
    }
    // Only the export a member may still download; the used one has nobody to read it.
    expect(await names(bucket.exports)).toEqual([pendingExport]);
    for (const name of localFiles) {
      expect((await bucket.uploads.get(name)).equals(await local.uploads.get(name))).toBe(true);
    }
    const served = await bucket.uploads.open(localFiles[0]!);
    if (!served || served === 'not-modified') throw new Error('not in the bucket');
    served.body.resume();
    expect(served.contentType).toBe('image/webp');

    // Run again: nothing left to copy.
    const again = await moveMedia({ db: testDb.db, from: local, to: bucket, log });
    expect(again).toMatchObject({ objects: 7, present: 7, copied: 0 });
    // The move never removes a local file.
    expect(await names(local.uploads)).toEqual(localFiles);
    expect(await names(local.exports)).toEqual([pendingExport, usedExport].sort());
  });

  it('checks clean after the move; then names the missing object and the stray one', async () => {
    const clean = await checkMedia(testDb.db, bucket);
    expect(clean).toEqual({
      listed: { uploads: 4, exports: 1, private: 2 },
      missing: [],
      strays: [],
    });

    const thumb = await testDb.db
      .selectFrom('images')
      .select(['id', 'thumb_filename'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await bucket.uploads.remove(thumb.thumb_filename);
    await bucket.uploads.put('left-behind.webp', Buffer.from('nobody'), 'image/webp');
    await bucket.exports.remove(pendingExport);
    // A removed photo's object, which its media_delete job has yet to remove: no stray.
    await bucket.uploads.put('on-its-way-out.webp', Buffer.from('removed'), 'image/webp');
    await testDb.db
      .insertInto('outbox')
      .values({
        kind: 'media_delete',
        payload: JSON.stringify({ store: 'uploads', names: ['on-its-way-out.webp'] }),
      })
      .execute();
    // A private picture gone from the store, and one no row names.
    await bucket.private.remove(privateFiles[0]!);
    await bucket.private.put('nobodys-secret.webp', Buffer.from('secret'), 'image/webp');
    const report = await checkMedia(testDb.db, bucket);
    const privateRow = await testDb.db
      .selectFrom('images')
      .select(['id', 'filename', 'thumb_filename'])
      .where('original_private', '=', true)
      .executeTakeFirstOrThrow();
    const privateColumn = privateRow.filename === privateFiles[0] ? 'filename' : 'thumb_filename';
    expect(report.missing).toEqual([
      { store: 'uploads', name: thumb.thumb_filename, row: `images ${thumb.id} thumb_filename` },
      {
        store: 'exports',
        name: pendingExport,
        row: `data_exports ${pendingExport.slice(0, 36)} file`,
      },
      {
        store: 'private',
        name: privateFiles[0],
        row: `images ${privateRow.id} ${privateColumn}`,
      },
    ]);
    expect(report.strays).toEqual([
      { store: 'uploads', name: 'left-behind.webp', size: 6 },
      { store: 'private', name: 'nobodys-secret.webp', size: 6 },
    ]);
    expect(describeCheck(report)).toEqual([
      `missing: uploads/${thumb.thumb_filename} (named by images ${thumb.id} thumb_filename)`,
      `missing: exports/${pendingExport} (named by data_exports ${pendingExport.slice(0, 36)} file)`,
      `missing: private/${privateFiles[0]} (named by images ${privateRow.id} ${privateColumn})`,
      'stray: uploads/left-behind.webp (6 bytes, no row names it)',
      'stray: private/nobodys-secret.webp (6 bytes, no row names it)',
      '5 objects in uploads, 0 in exports, 2 private: 3 missing, 2 stray.',
    ]);
  });
});
