import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL_ = '/api/profileimage.php';

const photo = (shade: number) =>
  sharp({
    create: { width: 240, height: 300, channels: 3, background: { r: shade, g: 90, b: 120 } },
  })
    .jpeg()
    .toBuffer();

/** A logged-in member with `count` photos uploaded through the API, in upload order. */
async function memberWithPhotos(count: number) {
  const { client, ...m } = await logInNewMember(t);
  const files = await Promise.all(Array.from({ length: count }, (_, i) => photo(40 + i * 40)));
  const res = await client.call({
    method: 'POST',
    url: URL_,
    ...multipart(
      files.map((data, i) => ({ filename: `p${i}.jpg`, contentType: 'image/jpeg', data })),
    ),
  });
  expect(res.statusCode).toBe(200);
  const ids = (res.json() as { images: { id: number }[] }).images.map((image) => image.id);
  return { ...m, client, ids };
}

interface OwnUser {
  profile: {
    main_image: { id: number } | null;
    images: { id: number; filename: string; thumb_filename: string }[];
  };
}

async function ownProfile(client: Client) {
  const res = await client.call({ method: 'GET', url: '/api/user.php' });
  return (res.json() as { user: OwnUser }).user.profile;
}

const file = (name: string) => join(t.app.config.uploadsDir, name);

/** Works the queued jobs (the objects' `media_delete`) once, as the running worker would. */
async function workJobs() {
  const worker = t.startWorker({ pollIntervalMs: 60_000, digestEveryMs: 0 });
  await worker.runOnce();
  await worker.stop();
}

describe('PUT /api/profileimage.php', () => {
  it('reorders the photos and chooses the main photo, as others then see it', async () => {
    const m = await memberWithPhotos(3);
    const [a, b, c] = m.ids as [number, number, number];
    const res = await m.client.call({
      method: 'PUT',
      url: URL_,
      payload: { order: [c, a, b], main: b },
    });
    expect(res.statusCode).toBe(200);
    const own = (res.json() as { user: OwnUser }).user.profile;
    expect(own.images.map((i) => i.id)).toEqual([c, a, b]);
    expect(own.main_image?.id).toBe(b);

    const viewer = new Client(t.app);
    const seen = await viewer.call({ method: 'GET', url: `/api/profile.php?id=${m.id}` });
    const profile = (seen.json() as { profile: OwnUser['profile'] }).profile;
    expect(profile.images.map((i) => i.id)).toEqual([c, a, b]);
    expect(profile.main_image?.id).toBe(b);
  });

  it("refuses another member's photo and changes nothing", async () => {
    const m = await memberWithPhotos(2);
    const other = await memberWithPhotos(1);
    const res = await m.client.call({
      method: 'PUT',
      url: URL_,
      payload: { order: [m.ids[1], m.ids[0]], main: other.ids[0] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('unknown_image');
    const own = await ownProfile(m.client);
    expect(own.images.map((i) => i.id)).toEqual(m.ids);
    expect(own.main_image?.id).toBe(m.ids[0]);
    expect((await ownProfile(other.client)).main_image?.id).toBe(other.ids[0]);
  });

  it('refuses an order that leaves out a photo or repeats one', async () => {
    const m = await memberWithPhotos(3);
    const partial = await m.client.call({
      method: 'PUT',
      url: URL_,
      payload: { order: [m.ids[2], m.ids[0]] },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.code).toBe('incomplete_order');
    const repeated = await m.client.call({
      method: 'PUT',
      url: URL_,
      payload: { order: [m.ids[0], m.ids[0], m.ids[1]] },
    });
    expect(repeated.statusCode).toBe(400);
    expect((await ownProfile(m.client)).images.map((i) => i.id)).toEqual(m.ids);
  });

  it('asks for a login and for the app header', async () => {
    const anonymous = await new Client(t.app).call({
      method: 'PUT',
      url: URL_,
      payload: { order: [1] },
    });
    expect(anonymous.statusCode).toBe(403);
    const m = await memberWithPhotos(1);
    const crossSite = await m.client.call({
      method: 'PUT',
      url: URL_,
      payload: { order: m.ids },
      headers: { 'x-app-package': '' },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('DELETE /api/profileimage.php', () => {
  it('removes the photo and its files; the next photo becomes the main one', async () => {
    const m = await memberWithPhotos(2);
    const before = await ownProfile(m.client);
    const removed = before.images[0]!;
    expect(existsSync(file(removed.filename))).toBe(true);

    const res = await m.client.call({
      method: 'DELETE',
      url: URL_,
      payload: { image: removed.id },
    });
    expect(res.statusCode).toBe(200);
    const after = (res.json() as { user: OwnUser }).user.profile;
    expect(after.images.map((i) => i.id)).toEqual([m.ids[1]]);
    expect(after.main_image?.id).toBe(m.ids[1]);
    await workJobs();
    expect(existsSync(file(removed.filename))).toBe(false);
    expect(existsSync(file(removed.thumb_filename))).toBe(false);
  });

  it('takes the id as a query parameter and leaves a member without photos photo-less', async () => {
    const m = await memberWithPhotos(1);
    const res = await m.client.call({ method: 'DELETE', url: `${URL_}?image=${m.ids[0]}` });
    expect(res.statusCode).toBe(200);
    const own = (res.json() as { user: OwnUser }).user.profile;
    expect(own.images).toEqual([]);
    expect(own.main_image).toBeNull();
    const search = await t.db
      .selectFrom('search_profiles')
      .select('has_photo')
      .where('member_id', '=', m.id)
      .executeTakeFirst();
    expect(search?.has_photo ?? false).toBe(false);
  });

  it("answers 404 for another member's photo and keeps it", async () => {
    const m = await memberWithPhotos(1);
    const other = await memberWithPhotos(1);
    const res = await m.client.call({
      method: 'DELETE',
      url: URL_,
      payload: { image: other.ids[0] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('image_not_found');
    const kept = await ownProfile(other.client);
    expect(kept.images.map((i) => i.id)).toEqual(other.ids);
    expect(existsSync(file(kept.images[0]!.filename))).toBe(true);
    const served = await other.client.call({
      method: 'GET',
      url: `/uploads/${kept.images[0]!.filename}`,
    });
    expect(served.statusCode).toBe(200);
  });

  it('serves the files for ten minutes of caching, and answers 404 as soon as the photo is removed', async () => {
    const m = await memberWithPhotos(2);
    const [removed] = (await ownProfile(m.client)).images;
    const names = [removed!.filename, removed!.thumb_filename];
    for (const name of names) {
      const res = await m.client.call({ method: 'GET', url: `/uploads/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=600');
    }

    const res = await m.client.call({
      method: 'DELETE',
      url: URL_,
      payload: { image: removed!.id },
    });
    expect(res.statusCode).toBe(200);
    // Gone at once, while the objects still wait for their removal job.
    for (const name of names) {
      expect(existsSync(file(name))).toBe(true);
      const gone = await m.client.call({ method: 'GET', url: `/uploads/${name}` });
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['cache-control']).not.toMatch(/max-age=[1-9]/);
    }
    await workJobs();
    for (const name of names) expect(existsSync(file(name))).toBe(false);
  });

  it('keeps the photo, its row and its files when the removal fails before the commit', async () => {
    const m = await memberWithPhotos(2);
    const before = await ownProfile(m.client);
    const main = before.main_image!;
    const row = before.images.find((image) => image.id === main.id)!;
    // A real failure inside the transaction, after the photo's row was deleted: choosing the
    // next main photo is refused by the database.
    await sql`
      create function refuse_main_photo() returns trigger language plpgsql as $$
      begin raise exception 'main photo change refused'; end $$`.execute(t.db);
    await sql`
      create trigger refuse_main_photo before update of main_image_id on profiles
      for each row when (old.member_id = ${sql.lit(m.id)}) execute function refuse_main_photo()`.execute(
      t.db,
    );
    try {
      const res = await m.client.call({ method: 'DELETE', url: URL_, payload: { image: main.id } });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_main_photo on profiles`.execute(t.db);
      await sql`drop function refuse_main_photo()`.execute(t.db);
    }

    const after = await ownProfile(m.client);
    expect(after.images.map((image) => image.id)).toEqual(before.images.map((image) => image.id));
    expect(after.main_image?.id).toBe(main.id);
    for (const name of [row.filename, row.thumb_filename]) {
      expect(existsSync(file(name))).toBe(true);
      const res = await m.client.call({ method: 'GET', url: `/uploads/${name}` });
      expect(res.statusCode).toBe(200);
    }
  });

  it('says what is missing or inconsistent', async () => {
    const m = await memberWithPhotos(1);
    const missing = await m.client.call({ method: 'DELETE', url: URL_ });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('missing_image');
    const mismatch = await m.client.call({
      method: 'DELETE',
      url: `${URL_}?image=${m.ids[0]}`,
      payload: { image: m.ids[0]! + 1 },
    });
    expect(mismatch.statusCode).toBe(400);
    const wrongType = await m.client.call({ method: 'DELETE', url: URL_, payload: { image: 'x' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.code).toBeTruthy();
  });
});
