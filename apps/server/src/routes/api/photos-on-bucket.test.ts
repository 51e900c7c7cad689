import { existsSync, readdirSync } from 'node:fs';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ObjectStore } from '../../modules/media/object-store.js';
import { ensureDemoAccount } from '../../modules/seed/demo-account.js';
import { DEFAULT_SETTINGS } from '../../modules/site/site-defaults.js';
import { multipart } from '../../test/multipart.js';
import { startS3StandIn } from '../../test/stand-ins/s3-stand-in.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

// One app on an S3-compatible bucket (s3rver, driven by the real SDK): photos are written
// to, served from and removed from the bucket, never the instance's own folder.
let s3: Awaited<ReturnType<typeof startS3StandIn>>;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3StandIn();
  t = await createTestApp(s3.env());
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

type Member = Awaited<ReturnType<typeof logInNewMember>>;
interface Photo {
  id: number;
  filename: string;
  thumb_filename: string;
}

async function stored(store: ObjectStore): Promise<string[]> {
  const names: string[] = [];
  for await (const { name } of store.list()) names.push(name);
  return names;
}

/** Works the queued jobs once, as the running worker would. */
async function workJobs() {
  const worker = t.startWorker({ pollIntervalMs: 60_000, digestEveryMs: 0 });
  await worker.runOnce();
  await worker.stop();
}

const jpeg = (shade: number) =>
  sharp({
    create: { width: 240, height: 300, channels: 3, background: { r: shade, g: 80, b: 120 } },
  })
    .jpeg()
    .toBuffer();

const upload = async (m: Member, shade = 90) =>
  m.client.call({
    method: 'POST',
    url: '/api/profileimage.php',
    ...multipart([{ filename: 'me.jpg', contentType: 'image/jpeg', data: await jpeg(shade) }]),
  });

async function memberWithPhoto(): Promise<Member & { photo: Photo }> {
  const m = await logInNewMember(t);
  expect((await upload(m)).statusCode).toBe(200);
  const user = (await m.client.call({ method: 'GET', url: '/api/user.php' })).json().user;
  return { ...m, photo: user.profile.images[0] as Photo };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  new Client(t.app).call({ method: 'GET', url, headers });

async function setCdnPrefix(cdn_prefix: string) {
  await t.db
    .updateTable('settings')
    .set({ value: JSON.stringify({ ...DEFAULT_SETTINGS, cdn_prefix }) })
    .where('key', '=', 'site')
    .execute();
}

describe('photos on an S3-compatible bucket', () => {
  it('stores an upload in the bucket and serves it with its ETag, 304 and HEAD', async () => {
    const m = await memberWithPhoto();
    const names = [m.photo.filename, m.photo.thumb_filename];
    expect(await stored(t.app.media.uploads)).toEqual(expect.arrayContaining(names));
    const folder = t.app.config.uploadsDir;
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);

    const photo = await get(`/uploads/${m.photo.thumb_filename}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toBe('public, max-age=600');
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(320);
    const etag = String(photo.headers.etag);
    expect(etag).toMatch(/^(W\/)?".+"$/);

    const again = await get(`/uploads/${m.photo.thumb_filename}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await new Client(t.app).call({
      method: 'HEAD',
      url: `/uploads/${m.photo.thumb_filename}`,
    });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(photo.rawPayload.length);
    expect(head.rawPayload.length).toBe(0);
  });

  it("stores the demo account's portrait in the bucket, where the app serves it", async () => {
    await ensureDemoAccount(t.db, { uploads: t.app.media.uploads, passwordHash: 'x' });
    const portrait = await t.db
      .selectFrom('images')
      .innerJoin('members', 'members.id', 'images.member_id')
      .select('images.filename')
      .where('members.email', '=', 'demo@amora.test')
      .executeTakeFirstOrThrow();
    expect(await stored(t.app.media.uploads)).toContain(portrait.filename);
    expect((await get(`/uploads/${portrait.filename}`)).statusCode).toBe(200);
  });

  it('links to an absolute cdn_prefix and lets pages load pictures from its origin', async () => {
    const owner = await memberWithPhoto();
    const mod = await logInNewMember(t);
    await t.db
      .updateTable('members')
      .set({ staff_role: 'moderator' })
      .where('id', '=', mod.id)
      .execute();
    const queued = async () =>
      (
        (await mod.client.call({ method: 'GET', url: '/api/admin/photos.php' })).json().photos as {
          id: number;
          url: string;
        }[]
      ).find((p) => p.id === owner.photo.id)?.url;
    const imgSrc = async () =>
      /img-src ([^;]*)/.exec(String((await get('/')).headers['content-security-policy']))?.[1];

    expect(await queued()).toBe(`/uploads/${owner.photo.filename}`);
    expect(await imgSrc()).not.toContain('cdn.example.test');
    try {
      await setCdnPrefix('https://cdn.example.test:8443/media/');
      expect(await queued()).toBe(`https://cdn.example.test:8443/media/${owner.photo.filename}`);
      expect((await imgSrc())?.split(' ')).toContain('https://cdn.example.test:8443');
      // The CDN's origin may be this app: it still serves the photo.
      expect((await get(`/uploads/${owner.photo.filename}`)).statusCode).toBe(200);
    } finally {
      await setCdnPrefix('/uploads/');
    }
    expect(await imgSrc()).not.toContain('cdn.example.test');
  });

  it('answers 404 for a removed photo at once; its job removes the objects, retried while the store is down', async () => {
    const m = await memberWithPhoto();
    const names = [m.photo.filename, m.photo.thumb_filename];
    const removed = await m.client.call({
      method: 'DELETE',
      url: `/api/profileimage.php?image=${m.photo.id}`,
    });
    expect(removed.statusCode).toBe(200);
    for (const name of names) expect((await get(`/uploads/${name}`)).statusCode).toBe(404);
    expect(await stored(t.app.media.uploads)).toEqual(expect.arrayContaining(names));

    const job = () =>
      t.db
        .selectFrom('outbox')
        .select(['status', 'attempts', 'last_error'])
        .where('kind', '=', 'media_delete')
        .where(sql<boolean>`payload -> 'names' ? ${m.photo.filename}`)
        .executeTakeFirstOrThrow();
    await s3.stop();
    const worker = t.startWorker({ pollIntervalMs: 20, retryDelayMs: () => 200, digestEveryMs: 0 });
    try {
      // Tried, failed, and due again after the back-off: nothing is given up.
      await vi.waitFor(
        async () =>
          expect(await job()).toMatchObject({
            status: 'pending',
            last_error: expect.stringMatching(/objects not removed/),
          }),
        { timeout: 10_000 },
      );
      await s3.restart();
      await vi.waitFor(async () => expect((await job()).status).toBe('sent'), {
        timeout: 10_000,
      });
    } finally {
      await worker.stop();
      await s3.restart();
    }
    const left = await stored(t.app.media.uploads);
    for (const name of names) expect(left).not.toContain(name);
  });

  it('stores no row when the bucket refuses an upload', async () => {
    const m = await logInNewMember(t);
    await s3.stop();
    try {
      const res = await upload(m, 200);
      // The store's refusal is an outage of ours, said as one: try again in a moment.
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('unavailable');
    } finally {
      await s3.restart();
    }
    const rows = await t.db
      .selectFrom('images')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(rows).toEqual([]);
    const user = (await m.client.call({ method: 'GET', url: '/api/user.php' })).json().user;
    expect(user.profile.images).toEqual([]);
  });

  it('leaves no object of an erased member in the bucket, photos and export, though it was down', async () => {
    const m = await memberWithPhoto();
    expect((await upload(m, 180)).statusCode).toBe(200);
    expect((await m.client.call({ method: 'POST', url: '/api/export.php' })).statusCode).toBe(200);
    await workJobs();
    const rows = await t.db
      .selectFrom('images')
      .selectAll()
      .where('member_id', '=', m.id)
      .execute();
    const photos = rows.flatMap((r) => [r.filename, r.thumb_filename]);
    const exports = (
      await t.db.selectFrom('data_exports').select('file').where('member_id', '=', m.id).execute()
    ).flatMap((r) => (r.file ? [r.file] : []));
    expect(photos).toHaveLength(4);
    expect(exports).toHaveLength(1);
    expect(await stored(t.app.media.uploads)).toEqual(expect.arrayContaining(photos));
    expect(await stored(t.app.media.exports)).toEqual(expect.arrayContaining(exports));

    // The store is down when the member leaves: the erasure goes on, its removals wait.
    await s3.stop();
    try {
      const res = await m.client.call({
        method: 'DELETE',
        url: '/api/user.php',
        payload: { password: m.password },
      });
      expect(res.statusCode).toBe(200);
      for (const name of photos) expect((await get(`/uploads/${name}`)).statusCode).toBe(404);
    } finally {
      await s3.restart();
    }
    await workJobs();
    const uploads = await stored(t.app.media.uploads);
    for (const name of photos) expect(uploads).not.toContain(name);
    const left = await stored(t.app.media.exports);
    for (const name of exports) expect(left).not.toContain(name);
  });
});
