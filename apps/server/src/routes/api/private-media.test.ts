import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart.js';
import { startS3StandIn } from '../../test/stand-ins/s3-stand-in.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

// A flagged photo as uploaded has no public address (decision 059): the app checks who asks
// and then streams it (local folders) or sends a short-lived presigned link (a bucket).
let s3: Awaited<ReturnType<typeof startS3StandIn>>;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3?.close());

type Member = Awaited<ReturnType<typeof logInNewMember>>;

const jpeg = () =>
  sharp({ create: { width: 200, height: 260, channels: 3, background: { r: 200, g: 90, b: 90 } } })
    .jpeg()
    .toBuffer();

/** A member whose one photo the screening flagged, its original in the private store. */
async function ownerOfFlaggedPhoto(t: TestApp) {
  const owner = await logInNewMember(t);
  const res = await owner.client.call({
    method: 'POST',
    url: '/api/profileimage.php',
    ...multipart([{ filename: 'me.jpg', contentType: 'image/jpeg', data: await jpeg() }]),
  });
  expect(res.statusCode).toBe(200);
  const image = await t.db
    .updateTable('images')
    .set({ screening: 'flagged' })
    .where('member_id', '=', owner.id)
    .returning(['id', 'filename'])
    .executeTakeFirstOrThrow();
  const original = await t.app.media.uploads.get(image.filename);
  await t.app.media.private.put(image.filename, original, 'image/webp');
  return { owner, imageId: image.id, original };
}

const showFlagged = (t: TestApp, m: Member, on: boolean) =>
  t.db.updateTable('members').set({ show_flagged_photos: on }).where('id', '=', m.id).execute();

const ask = (client: Client, imageId: number) =>
  client.call({
    method: 'GET',
    url: `/api/private-media.php?purpose=flagged_original&id=${imageId}`,
  });

/** What a browser ends up with: the bytes, following the app's redirect to the bucket. */
async function read(client: Client, imageId: number): Promise<{ status: number; body?: Buffer }> {
  const res = await ask(client, imageId);
  if (res.statusCode !== 302) {
    return { status: res.statusCode, body: res.statusCode === 200 ? res.rawPayload : undefined };
  }
  const followed = await fetch(String(res.headers.location));
  return { status: followed.status, body: Buffer.from(await followed.arrayBuffer()) };
}

for (const store of ['local', 's3'] as const) {
  describe(`private pictures (MEDIA_STORE=${store})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(store === 's3' ? { ...s3.env(), MEDIA_LINK_SECONDS: '2' } : {});
    });
    afterAll(() => t?.close());

    it('shows a flagged original to its owner and to a member who chose such photos only', async () => {
      const { owner, imageId, original } = await ownerOfFlaggedPhoto(t);
      const chose = await logInNewMember(t);
      await showFlagged(t, chose, true);
      const didNot = await logInNewMember(t);

      const own = await read(owner.client, imageId);
      expect(own.status).toBe(200);
      expect(own.body?.equals(original)).toBe(true);
      const revealed = await read(chose.client, imageId);
      expect(revealed.status).toBe(200);
      expect(revealed.body?.equals(original)).toBe(true);
      expect((await ask(didNot.client, imageId)).statusCode).toBe(404);
      expect((await ask(new Client(t.app), imageId)).statusCode).toBe(403);
      // Nobody who knows the name finds it among the public photos.
      const name = (
        await t.db
          .selectFrom('images')
          .select('filename')
          .where('id', '=', imageId)
          .executeTakeFirstOrThrow()
      ).filename;
      expect(await t.app.media.private.open(name)).not.toBeNull();

      // A block either way, a ban: no new link at once.
      const res = await chose.client.call({
        method: 'POST',
        url: '/api/block.php',
        payload: { profile: owner.id },
      });
      expect(res.statusCode).toBe(200);
      expect((await ask(chose.client, imageId)).statusCode).toBe(404);
      const other = await logInNewMember(t);
      await showFlagged(t, other, true);
      expect((await read(other.client, imageId)).status).toBe(200);
      await t.db
        .updateTable('members')
        .set({ status: 'banned' })
        .where('id', '=', owner.id)
        .execute();
      expect((await ask(other.client, imageId)).statusCode).toBe(404);
    });

    it('answers 404 for a photo that is not flagged or does not exist', async () => {
      const { owner, imageId } = await ownerOfFlaggedPhoto(t);
      const viewer = await logInNewMember(t);
      await showFlagged(t, viewer, true);
      await t.db
        .updateTable('images')
        .set({ screening: 'clean' })
        .where('id', '=', imageId)
        .execute();
      expect((await ask(viewer.client, imageId)).statusCode).toBe(404);
      expect((await ask(owner.client, imageId)).statusCode).toBe(404);
      expect((await ask(viewer.client, 2 ** 40)).statusCode).toBe(404);
    });

    if (store === 's3') {
      it('links to the bucket for MEDIA_LINK_SECONDS, refuses an altered or expired one', async () => {
        const { owner, imageId } = await ownerOfFlaggedPhoto(t);
        const res = await ask(owner.client, imageId);
        expect(res.statusCode).toBe(302);
        expect(res.headers['cache-control']).toBe('private, no-store');
        const link = new URL(String(res.headers.location));
        expect(link.origin).toBe(s3.url);
        expect(link.pathname).toMatch(/^\/amora-media\/private\//);
        expect(link.searchParams.get('X-Amz-Expires')).toBe('2');
        // (An unsigned read is the bucket's policy, which s3rver does not enforce: not tested.)
        // s3rver checks a V4 link's expiry and key but not its signature bytes, so the
        // alteration tried here is the key the link was signed with.
        const altered = new URL(link);
        altered.searchParams.set(
          'X-Amz-Credential',
          altered.searchParams.get('X-Amz-Credential')!.replace(/^[^/]+/, 'SOMEONE-ELSE'),
        );
        expect((await fetch(altered)).status).toBe(403);
        expect((await fetch(link)).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 3_100));
        expect((await fetch(link)).status).toBe(403);
        // The app issues a fresh one after its check.
        expect((await read(owner.client, imageId)).status).toBe(200);
      });

      it("lets the pages load pictures from the bucket's origin", async () => {
        const res = await new Client(t.app).call({ method: 'GET', url: '/' });
        const imgSrc = /img-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
        expect(imgSrc?.split(' ')).toContain(s3.url);
      });
    }
  });
}
