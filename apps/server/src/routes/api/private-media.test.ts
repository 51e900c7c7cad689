import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart.js';
import { startS3StandIn } from '../../test/stand-ins/s3-stand-in.js';
import {
  Client,
  createTestApp,
  logInModerator,
  logInNewMember,
  type TestApp,
} from '../../test/test-app.js';

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

/** Works the outbox until it is empty, as the running worker would (screening, removals). */
async function workOutbox(t: TestApp) {
  const worker = t.startWorker({ pollIntervalMs: 60_000 });
  // A run takes a batch: the mails of earlier sign-ups may come first.
  for (let i = 0; i < 50 && (await worker.runOnce()) > 0; i++);
  await worker.stop();
}

/**
 * A member whose one photo the screening flagged (PHOTO_NUDITY_THRESHOLD=0 flags all), its
 * original moved to the private store by the screening itself.
 */
async function ownerOfFlaggedPhoto(t: TestApp) {
  const owner = await logInNewMember(t);
  const res = await owner.client.call({
    method: 'POST',
    url: '/api/profileimage.php',
    ...multipart([{ filename: 'me.jpg', contentType: 'image/jpeg', data: await jpeg() }]),
  });
  expect(res.statusCode).toBe(200);
  const imageId = res.json().images[0].id as number;
  await workOutbox(t);
  const image = await t.db
    .selectFrom('images')
    .select(['filename', 'thumb_filename', 'screening', 'original_private'])
    .where('id', '=', imageId)
    .executeTakeFirstOrThrow();
  expect(image).toMatchObject({ screening: 'flagged', original_private: true });
  // Nowhere among the public photos, not even under its own name.
  expect(await t.app.media.uploads.open(image.filename)).toBeNull();
  expect(await t.app.media.uploads.open(image.thumb_filename)).toBeNull();
  const original = await t.app.media.private.get(image.filename);
  return { owner, imageId, original, image };
}

const BOSS = 'boss@private-media.example';

const showFlagged = (t: TestApp, m: Member, on: boolean) =>
  t.db.updateTable('members').set({ show_flagged_photos: on }).where('id', '=', m.id).execute();

const ask = (client: Client, imageId: number) =>
  client.call({
    method: 'GET',
    url: `/api/private-media.php?purpose=flagged_original&id=${imageId}`,
  });

/** What a browser ends up with: the bytes, following the app's redirect to the bucket. */
async function read(
  client: Client,
  imageId: number | string,
): Promise<{ status: number; body?: Buffer }> {
  const res = await (typeof imageId === 'number'
    ? ask(client, imageId)
    : client.call({ method: 'GET', url: imageId }));
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
      const screening = { PHOTO_SCREENING: 'on', PHOTO_NUDITY_THRESHOLD: '0' };
      t = await createTestApp(
        store === 's3'
          ? { ...screening, ...s3.env(), MEDIA_LINK_SECONDS: '2', ADMIN_EMAILS: BOSS }
          : { ...screening, ADMIN_EMAILS: BOSS },
      );
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
      const direct = await chose.client.call({
        method: 'GET',
        url: `/uploads/${(await ownerOfFlaggedPhoto(t)).image.filename}`,
      });
      expect(direct.statusCode).toBe(404);

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
      // A screening that finds it clean after all moves it back among the public photos.
      await t.db
        .updateTable('images')
        .set({ screening: 'clean', original_private: false })
        .where('id', '=', imageId)
        .execute();
      expect((await ask(viewer.client, imageId)).statusCode).toBe(404);
      expect((await ask(owner.client, imageId)).statusCode).toBe(404);
      expect((await ask(viewer.client, 2 ** 40)).statusCode).toBe(404);
    });

    it("lets staff who may act on the owner read a flagged original and a report's copy, nobody else", async () => {
      const { owner, imageId, original } = await ownerOfFlaggedPhoto(t);
      const mod = await logInModerator(t);
      const boss = await logInNewMember(t, { email: BOSS });
      // The photo queue hands staff the app's link, never a public address.
      const queue = (await mod.client.call({ method: 'GET', url: '/api/admin/photos.php' })).json()
        .photos as { id: number; url: string }[];
      const queued = queue.find((photo) => photo.id === imageId);
      expect(queued?.url).toBe(`/api/private-media.php?purpose=flagged_original&id=${imageId}`);
      expect((await read(mod.client, queued!.url)).body?.equals(original)).toBe(true);
      // A moderator does not look at an admin's photos.
      const bossPhoto = await ownerOfFlaggedPhoto(t).then(async (other) => {
        await t.db
          .updateTable('images')
          .set({ member_id: boss.id })
          .where('id', '=', other.imageId)
          .execute();
        return other.imageId;
      });
      expect((await ask(mod.client, bossPhoto)).statusCode).toBe(404);
      expect((await read(boss.client, bossPhoto)).status).toBe(200);

      // A report's photo copy: to staff the report is listed to, by either address.
      const reporter = await logInNewMember(t);
      const filed = await reporter.client.call({
        method: 'POST',
        url: '/api/report.php',
        payload: { profile: owner.id, reason: 'inappropriate_photo', image: imageId },
      });
      expect(filed.statusCode).toBe(200);
      const reportId = filed.json().id as number;
      const evidence = `/api/private-media.php?purpose=report_evidence&id=${reportId}`;
      for (const url of [evidence, `/api/admin/report-evidence.php?id=${reportId}`]) {
        const copy = await read(mod.client, url);
        expect(copy.status, url).toBe(200);
        expect(copy.body?.equals(original)).toBe(true);
      }
      for (const who of [reporter, owner]) {
        expect((await who.client.call({ method: 'GET', url: evidence })).statusCode).toBe(404);
      }
      // Once the staff window closes, staff read like any member until they confirm again.
      const anHourAgo = new Date(Date.now() - 3_600_000);
      await t.db
        .updateTable('sessions')
        .set({ staff_seen_at: anHourAgo, created_at: anHourAgo })
        .where('member_id', '=', mod.id)
        .execute();
      expect((await mod.client.call({ method: 'GET', url: evidence })).statusCode).toBe(404);
    });

    it('removes the private originals with the account; the report keeps its copy', async () => {
      const { owner, imageId, image } = await ownerOfFlaggedPhoto(t);
      const reporter = await logInNewMember(t);
      const filed = await reporter.client.call({
        method: 'POST',
        url: '/api/report.php',
        payload: { profile: owner.id, reason: 'inappropriate_photo', image: imageId },
      });
      const deleted = await owner.client.call({
        method: 'DELETE',
        url: '/api/user.php',
        payload: { password: owner.password },
      });
      expect(deleted.statusCode).toBe(200);
      await workOutbox(t);
      expect(await t.app.media.private.open(image.filename)).toBeNull();
      expect(await t.app.media.private.open(image.thumb_filename)).toBeNull();
      expect((await ask(owner.client, imageId)).statusCode).toBe(403);
      const kept = await t.db
        .selectFrom('reports')
        .select('evidence_object')
        .where('id', '=', filed.json().id)
        .executeTakeFirstOrThrow();
      expect(await t.app.media.private.open(kept.evidence_object!)).not.toBeNull();
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
