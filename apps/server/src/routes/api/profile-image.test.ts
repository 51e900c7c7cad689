import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_PACKAGE_HEADER } from '@amora/shared/constants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.js';
import { multipart, type Part } from '../../test/multipart.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let uploadsDir: string;
beforeAll(async () => {
  t = await createTestApp();
  uploadsDir = t.app.config.uploadsDir;
});
afterAll(() => t.close());

const URL_ = '/api/profileimage.php';

const loggedIn = () => logInNewMember(t);

const upload = (client: Client, parts: Part[]) =>
  client.call({ method: 'POST', url: URL_, ...multipart(parts) });

/** A photo-like test picture: a gradient with some noise, so crops and encoders have work. */
async function picture(width: number, height: number) {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 90 } },
  }).composite([{ input: noise, blend: 'overlay' }]);
}

/** A single-colour picture: quick to make in formats that are slow to encode (GIF, AVIF). */
const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 200 } } });

const png = async (width = 900, height = 700) => (await picture(width, height)).png().toBuffer();
const jpeg = async (width = 1200, height = 900) =>
  (await picture(width, height)).jpeg({ quality: 85 }).toBuffer();

const file = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): Part => ({
  filename,
  contentType,
  data,
});

async function imageRows(memberId: number) {
  return t.db
    .selectFrom('images')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('position')
    .execute();
}

async function mainImageId(memberId: number) {
  const row = await t.db
    .selectFrom('profiles')
    .select('main_image_id')
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.main_image_id;
}

const listUploads = async () => (existsSync(uploadsDir) ? (await readdir(uploadsDir)).sort() : []);

/** Inserts `n` image rows for a member directly (no files), as if uploaded earlier. */
async function seedImages(memberId: number, n: number) {
  const rows = await t.db
    .insertInto('images')
    .values(
      Array.from({ length: n }, (_, i) => ({
        member_id: memberId,
        filename: `seeded-${memberId}-${i}.webp`,
        thumb_filename: `seeded-${memberId}-${i}-thumb.webp`,
        position: i,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

function expectError(res: { statusCode: number; json(): unknown }, status: number, code?: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { error: { code: string; message: string } };
  expect(body).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  if (code) expect(body.error.code).toBe(code);
  expect(JSON.stringify(body)).not.toMatch(/stack|node_modules|\.ts:/);
}

describe('POST /api/profileimage.php', () => {
  it('stores a PNG and a JPEG as metadata-free WebP files with a 320×400 thumbnail', async () => {
    const me = await loggedIn();
    const res = await upload(me.client, [
      file(await png(900, 700), 'first.png', 'image/png'),
      file(await jpeg(2400, 1800)),
    ]);
    expect(res.statusCode).toBe(200);
    const { images } = res.json() as { images: { id: number; thumb_filename: string }[] };
    expect(images).toHaveLength(2);

    const rows = await imageRows(me.id);
    expect(rows.map((r) => r.id)).toEqual(images.map((i) => i.id));
    expect(rows.map((r) => r.position)).toEqual([0, 1]);
    for (const [i, row] of rows.entries()) {
      expect(images[i]?.thumb_filename).toBe(row.thumb_filename);
      expect(row.filename).toMatch(/^[0-9a-f-]{36}\.webp$/);
      expect(row.thumb_filename).toBe(row.filename.replace('.webp', '-thumb.webp'));

      const full = await sharp(join(uploadsDir, row.filename)).metadata();
      const thumb = await sharp(join(uploadsDir, row.thumb_filename)).metadata();
      expect(full.format).toBe('webp');
      expect(thumb.format).toBe('webp');
      expect([thumb.width, thumb.height]).toEqual([320, 400]);
      expect(full.width).toBeLessThanOrEqual(1600);
      expect(full.height).toBeLessThanOrEqual(1600);
      for (const m of [full, thumb]) {
        expect(m.exif).toBeUndefined();
        expect(m.icc).toBeUndefined();
        expect(m.xmp).toBeUndefined();
      }
    }
    // The PNG is not enlarged; the big JPEG is fitted inside 1600×1600 keeping its shape.
    const [pngFull, jpegFull] = await Promise.all(
      rows.map((r) => sharp(join(uploadsDir, r.filename)).metadata()),
    );
    expect([pngFull?.width, pngFull?.height]).toEqual([900, 700]);
    expect([jpegFull?.width, jpegFull?.height]).toEqual([1600, 1200]);

    // Served from /uploads/ as WebP.
    const served = await me.client.call({
      method: 'GET',
      url: `/uploads/${images[0]?.thumb_filename}`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('makes the first photo the main photo, seen on user.php and profile.php', async () => {
    const me = await loggedIn();
    const first = await upload(me.client, [file(await jpeg(), 'a.jpg')]);
    expect(first.statusCode).toBe(200);
    const firstId = first.json().images[0].id as number;
    const second = await upload(me.client, [file(await png(), 'b.png', 'image/png')]);
    expect(second.statusCode).toBe(200);
    expect(await mainImageId(me.id)).toBe(firstId);

    const user = await me.client.call({ method: 'GET', url: '/api/user.php' });
    expect(user.statusCode).toBe(200);
    const own = user.json().user.profile;
    expect(own.main_image).toMatchObject({ id: firstId, thumb_filename: expect.any(String) });
    expect(own.images.map((i: { id: number }) => i.id)).toEqual([
      firstId,
      second.json().images[0].id,
    ]);

    const pub = await new Client(t.app).call({
      method: 'GET',
      url: `/api/profile.php?id=${me.id}`,
    });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().profile.main_image.id).toBe(firstId);
    expect(pub.json().profile.images).toHaveLength(2);
  });

  it('removes GPS position, ICC and XMP metadata and turns the photo upright', async () => {
    const me = await loggedIn();
    // 800×400 landscape pixels with orientation 6: a camera held upright, so 400×800 shown.
    const input = await (await picture(800, 400))
      .withExif({
        IFD0: { Make: 'AmoraCam', Model: 'Test 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '52/1 22/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '4/1 53/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .withIccProfile('p3')
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Secret Name</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
      )
      .jpeg()
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif?.includes(Buffer.from('AmoraCam'))).toBe(true);
    expect(before.orientation).toBe(6);
    expect(before.icc).toBeDefined();
    expect(before.xmp).toBeDefined();

    const res = await upload(me.client, [file(input, 'gps.jpg')]);
    expect(res.statusCode).toBe(200);
    const [row] = await imageRows(me.id);
    if (!row) throw new Error('no image row');
    for (const name of [row.filename, row.thumb_filename]) {
      const m = await sharp(join(uploadsDir, name)).metadata();
      expect(m.exif).toBeUndefined();
      expect(m.icc).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(m.iptc).toBeUndefined();
      expect(m.orientation).toBeUndefined();
      const { readFile } = await import('node:fs/promises');
      const bytes = await readFile(join(uploadsDir, name));
      for (const needle of ['AmoraCam', 'Secret Name', 'EXIF', 'XMP ', 'ICCP']) {
        expect(bytes.includes(Buffer.from(needle))).toBe(false);
      }
    }
    const full = await sharp(join(uploadsDir, row.filename)).metadata();
    expect([full.width, full.height]).toEqual([400, 800]);
  });

  it('stores several files of one request in the order sent', async () => {
    const me = await loggedIn();
    const res = await upload(me.client, [
      file(await jpeg(600, 800), '1.jpg'),
      file(await png(500, 500), '2.png', 'image/png'),
      file(await (await picture(700, 700)).webp().toBuffer(), '3.webp', 'image/webp'),
      file(await flat(400, 300).gif().toBuffer(), '4.gif', 'image/gif'),
      file(await flat(320, 240).avif({ effort: 0 }).toBuffer(), '5.avif', 'image/avif'),
    ]);
    expect(res.statusCode).toBe(200);
    const { images } = res.json();
    expect(images).toHaveLength(5);
    const rows = await imageRows(me.id);
    expect(rows.map((r) => r.id)).toEqual(images.map((i: { id: number }) => i.id));
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4]);
    expect(await mainImageId(me.id)).toBe(images[0].id);
    for (const row of rows) {
      expect(existsSync(join(uploadsDir, row.filename))).toBe(true);
      expect(existsSync(join(uploadsDir, row.thumb_filename))).toBe(true);
    }
  });

  it('judges by content: a photo with a wrong name and type is accepted', async () => {
    const me = await loggedIn();
    const res = await upload(me.client, [file(await png(), 'notes.txt', 'text/plain')]);
    expect(res.statusCode).toBe(200);
    expect(await imageRows(me.id)).toHaveLength(1);
  });

  it('refuses what is not a raster photo, whatever its name says, and stores nothing', async () => {
    const me = await loggedIn();
    const good = await jpeg();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script><rect width="400" height="400" fill="red"/></svg>',
    );
    const tiff = await (await picture(400, 400)).tiff().toBuffer();
    const cases: [string, Buffer, string][] = [
      [
        'text renamed .jpg',
        Buffer.from('Hello, I am not a photo at all.\n'.repeat(50)),
        'image/jpeg',
      ],
      ['svg', svg, 'image/svg+xml'],
      ['svg renamed .jpg', svg, 'image/jpeg'],
      ['truncated jpeg', good.subarray(0, Math.floor(good.length / 2)), 'image/jpeg'],
      [
        'jpeg header only',
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]),
        'image/jpeg',
      ],
      ['html', Buffer.from('<!doctype html><html><body>hi</body></html>'), 'image/png'],
      ['tiff', tiff, 'image/tiff'],
    ];
    const before = await listUploads();
    for (const [label, data, type] of cases) {
      const res = await upload(me.client, [file(data, 'photo.jpg', type)]);
      expect(res.statusCode, label).toBe(400);
      expectError(res, 400, 'not_an_image');
    }
    // One bad file among good ones refuses the whole request.
    const mixed = await upload(me.client, [file(good), file(svg, 'x.jpg')]);
    expectError(mixed, 400, 'not_an_image');
    expect(await imageRows(me.id)).toHaveLength(0);
    expect(await mainImageId(me.id)).toBeNull();
    expect(await listUploads()).toEqual(before);
  });

  it('refuses photos smaller than 200×200 or above 40 megapixels', async () => {
    const me = await loggedIn();
    const huge = await flat(8000, 6000).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(10 * 1024 * 1024);
    for (const data of [await png(150, 150), await png(1000, 199), await png(199, 1000)]) {
      expectError(
        await upload(me.client, [file(data, 'p.png', 'image/png')]),
        400,
        'image_too_small',
      );
    }
    expectError(
      await upload(me.client, [file(huge, 'p.png', 'image/png')]),
      400,
      'image_too_large',
    );
    expect(await imageRows(me.id)).toHaveLength(0);
    // Exactly 200×200 is fine.
    expect((await upload(me.client, [file(await png(200, 200), 'p.png')])).statusCode).toBe(200);
  });

  it('refuses a file over 10 MB with 413 file_too_large', async () => {
    const me = await loggedIn();
    const big = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
      randomBytes(10 * 1024 * 1024 + 100),
    ]);
    const before = await listUploads();
    const res = await upload(me.client, [file(await jpeg()), file(big, 'big.jpg')]);
    expectError(res, 413, 'file_too_large');
    expect(await imageRows(me.id)).toHaveLength(0);
    expect(await listUploads()).toEqual(before);
  });

  it('refuses more than 6 files in one request', async () => {
    const me = await loggedIn();
    const small = await png(300, 300);
    const res = await upload(
      me.client,
      Array.from({ length: 7 }, (_, i) => file(small, `${i}.png`, 'image/png')),
    );
    expectError(res, 413, 'too_many_files');
    expect(await imageRows(me.id)).toHaveLength(0);
  });

  it('answers 400 no_file when no file is sent', async () => {
    const me = await loggedIn();
    expectError(await upload(me.client, [{ field: 'note', value: 'hello' }]), 400, 'no_file');
    expectError(await upload(me.client, []), 400, 'no_file');
    expectError(
      await upload(me.client, [
        { filename: '', contentType: 'application/octet-stream', data: Buffer.alloc(0) },
      ]),
      400,
      'no_file',
    );
    expectError(
      await upload(me.client, [{ ...file(await png()), field: 'picture' }]),
      400,
      'no_file',
    );
  });

  it('answers 4xx in the error format for a body that is not multipart', async () => {
    const me = await loggedIn();
    const json = await me.client.call({ method: 'POST', url: URL_, payload: { file: 'x' } });
    expectError(json, 415, 'not_multipart');
    const empty = await me.client.call({ method: 'POST', url: URL_ });
    expectError(empty, 415, 'not_multipart');
    const binary = await me.client.call({
      method: 'POST',
      url: URL_,
      payload: await png(),
      headers: { 'content-type': 'image/png' },
    });
    expectError(binary, 415, 'not_multipart');
    const noBoundary = await me.client.call({
      method: 'POST',
      url: URL_,
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expectError(noBoundary, 400, 'invalid_multipart');
    const { payload, headers } = multipart([file(await jpeg())]);
    const cut = await me.client.call({
      method: 'POST',
      url: URL_,
      payload: payload.subarray(0, Math.floor(payload.length / 2)),
      headers,
    });
    expectError(cut, 400, 'invalid_multipart');
    expect(await imageRows(me.id)).toHaveLength(0);
  });

  it('refuses a member at 12 photos with 409 too_many_photos', async () => {
    const me = await loggedIn();
    await seedImages(me.id, 12);
    const photo = await jpeg();
    const before = await listUploads();
    const res = await upload(me.client, [file(photo)]);
    expectError(res, 409, 'too_many_photos');
    expect(res.json().error.message).toMatch(/12/);
    expect(await imageRows(me.id)).toHaveLength(12);
    expect(await listUploads()).toEqual(before);
  });

  it('refuses a request that would pass 12 photos, storing none of it', async () => {
    const me = await loggedIn();
    const seeded = await seedImages(me.id, 10);
    const photo = await jpeg(400, 400);
    const res = await upload(me.client, [file(photo), file(photo), file(photo)]);
    expectError(res, 409, 'too_many_photos');
    expect(res.json().error.message).toMatch(/2 more/);
    expect((await imageRows(me.id)).map((r) => r.id)).toEqual(seeded);

    // Two fit: they go after the last photo; an unset main photo is set to the first new one.
    const ok = await upload(me.client, [file(photo), file(photo)]);
    expect(ok.statusCode).toBe(200);
    const rows = await imageRows(me.id);
    expect(rows).toHaveLength(12);
    expect(rows.slice(10).map((r) => r.position)).toEqual([10, 11]);
    expect(await mainImageId(me.id)).toBe(ok.json().images[0].id);
  });

  it('lets only one of two racing uploads take the last free slot', async () => {
    const me = await loggedIn();
    await seedImages(me.id, 11);
    const photo = await jpeg(400, 400);
    const before = await listUploads();
    const results = await Promise.all([
      upload(me.client, [file(photo)]),
      upload(me.client, [file(photo)]),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await imageRows(me.id);
    expect(rows).toHaveLength(12);
    const added = (await listUploads()).filter((name) => !before.includes(name));
    const newRow = rows[11];
    expect(added.sort()).toEqual([newRow?.filename, newRow?.thumb_filename].sort());
  });

  it('answers 403 to a logged-out visitor and to a call without X-App-Package', async () => {
    const photo = await jpeg(400, 400);
    const loggedOut = await upload(new Client(t.app), [file(photo)]);
    expectError(loggedOut, 403, 'not_logged_in');

    const me = await loggedIn();
    const { payload, headers } = multipart([file(photo)]);
    const cookie = me.client.sessionCookie;
    if (!cookie) throw new Error('no session cookie');
    const noPackage = await t.app.inject({
      method: 'POST',
      url: URL_,
      payload,
      headers: { ...headers, cookie },
    });
    expect(headers).not.toHaveProperty(APP_PACKAGE_HEADER);
    expectError(noPackage, 403, 'missing_app_package');
    expect(await imageRows(me.id)).toHaveLength(0);
  });

  it("keeps an existing main photo and leaves other members' photos alone", async () => {
    const me = await loggedIn();
    const other = await createMember(t.db);
    const otherIds = await seedImages(other.id, 3);
    await t.db
      .updateTable('profiles')
      .set({ main_image_id: otherIds[1] ?? null })
      .where('member_id', '=', other.id)
      .execute();
    const otherBefore = await imageRows(other.id);

    const first = await upload(me.client, [file(await jpeg(500, 500))]);
    expect(first.statusCode).toBe(200);
    const mainId = first.json().images[0].id;
    const more = await upload(me.client, [file(await png(), 'b.png'), file(await jpeg(), 'c.jpg')]);
    expect(more.statusCode).toBe(200);
    expect(await mainImageId(me.id)).toBe(mainId);
    expect((await imageRows(me.id)).map((r) => r.position)).toEqual([0, 1, 2]);

    expect(await imageRows(other.id)).toEqual(otherBefore);
    expect(await mainImageId(other.id)).toBe(otherIds[1]);
  });

  it('lists the call with multipart/form-data in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const op = res.json().paths['/api/profileimage.php'].post;
    expect(op).toBeDefined();
    expect(Object.keys(op.responses)).toEqual(
      expect.arrayContaining(['200', '400', '403', '409', '413', '415']),
    );
  });
});
