import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processFaceDetector } from '../../modules/verification/face-detector.js';
import { POSE_TEXTS, POSES } from '../../modules/verification/poses.js';
import { pruneExpiredRecords } from '../../startup.js';
import { oneFace as cutFace, sample } from '../../test/face-pictures.js';
import { multipart } from '../../test/multipart.js';
import {
  Client,
  createTestApp,
  logInModerator,
  logInNewMember,
  makeModerator,
  type TestApp,
} from '../../test/test-app.js';

// Verified members (issue 48): a selfie in an assigned pose, a face check, a person's decision.
const BOSS = 'boss@verification.example';
let t: TestApp;

/** Pictures a member might send: no face, a group, and one face cut from a group photo. */
const pictures = {} as Record<'noFace' | 'group' | 'selfie' | 'tiny' | 'text', Buffer>;

/** One face of a group photo, cut by the process's detector. */
const oneFace = (file: string) => cutFace(file, processFaceDetector());

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: BOSS });
  pictures.noFace = await sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: 'black',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  pictures.group = await sharp(sample(1)).jpeg().toBuffer();
  pictures.selfie = await oneFace(sample(3));
  pictures.tiny = await sharp({
    create: { width: 120, height: 120, channels: 3, background: { r: 90, g: 90, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  pictures.text = Buffer.from('not a picture at all');
});
afterAll(async () => {
  await processFaceDetector().close();
  await t?.close();
});

type Member = Awaited<ReturnType<typeof logInNewMember>>;

interface State {
  status: string;
  pose: { id: string; image: string; text: string } | null;
  reason: string | null;
}

const state = async (m: Member): Promise<State> => {
  const res = await m.client.call({ method: 'GET', url: '/api/verification.php' });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const send = (m: Member, picture: Buffer, pose: string | undefined) =>
  m.client.call({
    method: 'POST',
    url: '/api/verification.php',
    ...multipart([
      { filename: 'selfie.jpg', contentType: 'image/jpeg', data: picture },
      ...(pose === undefined ? [] : [{ field: 'pose', value: pose }]),
    ]),
  });

const code = (res: { json: () => { error?: { code?: string } } }) => res.json().error?.code;

/** A member with one photo (screening is off here, so it counts as looked at). */
async function memberWithPhoto(spec: { email?: string } = {}): Promise<Member> {
  const m = await logInNewMember(t, spec);
  const photo = await sharp({
    create: { width: 300, height: 400, channels: 3, background: { r: 200, g: 150, b: 120 } },
  })
    .jpeg()
    .toBuffer();
  const res = await m.client.call({
    method: 'POST',
    url: '/api/profileimage.php',
    ...multipart([{ filename: 'me.jpg', contentType: 'image/jpeg', data: photo }]),
  });
  expect(res.statusCode).toBe(200);
  return m;
}

/** A member whose selfie waits for a person; answers the request's id. */
async function pendingMember(spec: { email?: string } = {}) {
  const m = await memberWithPhoto(spec);
  const { pose } = await state(m);
  const res = await send(m, pictures.selfie, pose!.id);
  expect(res.statusCode, res.body).toBe(202);
  const row = await t.db
    .selectFrom('verifications')
    .select(['id', 'selfie'])
    .where('member_id', '=', m.id)
    .executeTakeFirstOrThrow();
  return { m, id: row.id, selfie: row.selfie! };
}

const moderator = () => logInModerator(t);

let bossPromise: Promise<Member> | undefined;
const boss = () => {
  bossPromise ??= logInNewMember(t, { email: BOSS, name: 'Boss' });
  return bossPromise;
};

const queue = async (staff: Member) => {
  const res = await staff.client.call({ method: 'GET', url: '/api/admin/verifications.php' });
  expect(res.statusCode).toBe(200);
  return res.json().verifications as {
    id: number;
    member: { id: number; name: string | null };
    selfie_url: string;
    pose: { id: string; image: string; text: string };
    photos: { id: number; url: string }[];
    created_at: string;
  }[];
};

const decide = (staff: Member, body: Record<string, unknown>) =>
  staff.client.call({ method: 'POST', url: '/api/admin/verifications.php', payload: body });

const selfieLink = (id: number) => `/api/private-media.php?purpose=verification_selfie&id=${id}`;

/** The selfies in the private store now. */
async function selfieObjects(): Promise<Set<string>> {
  const names = new Set<string>();
  for await (const object of t.app.media.private.list()) {
    if (object.name.startsWith('selfie-')) names.add(object.name);
  }
  return names;
}

/** Works the outbox until it is empty, as the running worker would (removals). */
async function workOutbox() {
  const worker = t.startWorker({ pollIntervalMs: 60_000, digestEveryMs: 0 });
  for (let i = 0; i < 3; i++) await worker.runOnce();
  await worker.stop();
}

describe('a member asks to be verified', () => {
  it('gives a visitor nothing and a member the pose the server assigned, the same until it expires', async () => {
    const visitor = new Client(t.app);
    expect((await visitor.call({ method: 'GET', url: '/api/verification.php' })).statusCode).toBe(
      403,
    );
    const m = await logInNewMember(t);
    const first = await state(m);
    expect(first.status).toBe('none');
    expect(first.reason).toBeNull();
    expect(POSES).toContain(first.pose?.id);
    const id = first.pose!.id as (typeof POSES)[number];
    expect(first.pose?.text).toBe(POSE_TEXTS[id]);
    expect(first.pose?.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await state(m)).pose?.id).toBe(id);

    // Sixteen minutes later the pose has lapsed: a new one is assigned (and stands).
    await t.db
      .updateTable('verification_poses')
      .set({ assigned_at: sql<Date>`now() - interval '16 minutes'` })
      .where('member_id', '=', m.id)
      .execute();
    const { assigned_at } = await t.db
      .selectFrom('verification_poses')
      .select('assigned_at')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    const renewed = await state(m);
    expect(POSES).toContain(renewed.pose?.id);
    const after = await t.db
      .selectFrom('verification_poses')
      .select('assigned_at')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(after.assigned_at!.getTime()).toBeGreaterThan(assigned_at!.getTime());
  });

  it('needs a photo the screening has looked at first', async () => {
    const m = await logInNewMember(t);
    const { pose } = await state(m);
    const without = await send(m, pictures.selfie, pose!.id);
    expect(without.statusCode).toBe(409);
    expect(code(without)).toBe('photo_required');

    const pending = await memberWithPhoto();
    await t.db
      .updateTable('images')
      .set({ screening: 'pending' })
      .where('member_id', '=', pending.id)
      .execute();
    const res = await send(pending, pictures.selfie, (await state(pending)).pose!.id);
    expect(res.statusCode).toBe(409);
    expect(code(res)).toBe('photo_required');
  });

  it('refuses another pose, an expired one and none with 409 pose_expired', async () => {
    const m = await memberWithPhoto();
    const { pose } = await state(m);
    const other = POSES.find((id) => id !== pose!.id)!;
    for (const asked of [other, 'dance', undefined]) {
      const res = await send(m, pictures.selfie, asked);
      expect(res.statusCode, String(asked)).toBe(409);
      expect(code(res)).toBe('pose_expired');
    }
    await t.db
      .updateTable('verification_poses')
      .set({ assigned_at: sql<Date>`now() - interval '16 minutes'` })
      .where('member_id', '=', m.id)
      .execute();
    const late = await send(m, pictures.selfie, pose!.id);
    expect(late.statusCode).toBe(409);
    expect(code(late)).toBe('pose_expired');
    expect(await t.db.selectFrom('verifications').where('member_id', '=', m.id).execute()).toEqual(
      [],
    );
  });

  it('refuses what is not a usable picture like any upload, without counting a try', async () => {
    const m = await memberWithPhoto();
    const { pose } = await state(m);
    const notImage = await send(m, pictures.text, pose!.id);
    expect(notImage.statusCode).toBe(400);
    expect(code(notImage)).toBe('not_an_image');
    const small = await send(m, pictures.tiny, pose!.id);
    expect(small.statusCode).toBe(400);
    expect(code(small)).toBe('image_too_small');
    const large = await send(
      m,
      await sharp({
        create: { width: 9000, height: 5000, channels: 3, background: 'white' },
      })
        .jpeg()
        .toBuffer(),
      pose!.id,
    );
    expect(large.statusCode).toBe(400);
    expect(code(large)).toBe('image_too_large');
    const row = await t.db
      .selectFrom('verification_poses')
      .select('tries')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.tries).toBe(0);
  });

  it('checks for exactly one face before anyone looks, and takes a selfie with one', async () => {
    const m = await memberWithPhoto();
    const { pose } = await state(m);
    const empty = await send(m, pictures.noFace, pose!.id);
    expect(empty.statusCode).toBe(400);
    expect(code(empty)).toBe('no_face');
    const group = await send(m, pictures.group, pose!.id);
    expect(group.statusCode).toBe(400);
    expect(code(group)).toBe('several_faces');
    expect((await state(m)).status).toBe('none');

    const res = await send(m, pictures.selfie, pose!.id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ status: 'pending' });
    expect(await state(m)).toEqual({ status: 'pending', pose: null, reason: null });
    // The pose is used up: the same upload again is refused and stores nothing more.
    const again = await send(m, pictures.selfie, pose!.id);
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('pose_expired');

    const rows = await t.db
      .selectFrom('verifications')
      .select(['selfie', 'pose', 'status'])
      .where('member_id', '=', m.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pose: pose!.id, status: 'pending' });
    expect(rows[0]!.selfie).toMatch(/^selfie-[0-9a-f-]{36}\.webp$/);
    // Re-encoded, in the private store only.
    const stored = await t.app.media.private.get(rows[0]!.selfie!);
    expect((await sharp(stored).metadata()).format).toBe('webp');
    expect(await t.app.media.uploads.open(rows[0]!.selfie!)).toBeNull();
  });

  it('keeps one selfie of two sent at once for the same pose, and removes the other', async () => {
    const m = await memberWithPhoto();
    const { pose } = await state(m);
    const before = await selfieObjects();
    const answers = await Promise.all([
      send(m, pictures.selfie, pose!.id),
      send(m, pictures.selfie, pose!.id),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([202, 409]);
    const rows = await t.db
      .selectFrom('verifications')
      .select('selfie')
      .where('member_id', '=', m.id)
      .execute();
    expect(rows).toHaveLength(1);
    const added = [...(await selfieObjects())].filter((name) => !before.has(name));
    expect(added).toEqual([rows[0]!.selfie]);
  });

  it('allows five tries a day, refusals of the face check included, then 429 verification_limit', async () => {
    const m = await memberWithPhoto();
    const { pose } = await state(m);
    for (let i = 0; i < 5; i++) {
      expect(code(await send(m, pictures.noFace, pose!.id))).toBe('no_face');
    }
    const limited = await send(m, pictures.selfie, pose!.id);
    expect(limited.statusCode).toBe(429);
    expect(code(limited)).toBe('verification_limit');
    const retryAt = new Date(limited.json().error.retry_at);
    expect(retryAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // A day after the first try, the member may try again.
    await t.db
      .updateTable('verification_poses')
      .set({ tries_since: sql<Date>`now() - interval '25 hours'` })
      .where('member_id', '=', m.id)
      .execute();
    expect((await send(m, pictures.selfie, pose!.id)).statusCode).toBe(202);
  });
});

describe('staff decide', () => {
  it('lists waiting selfies of members in reach, oldest first, with the pose and the photos', async () => {
    const first = await pendingMember();
    const second = await pendingMember();
    const mod = await moderator();
    const admin = await boss();
    const ownPending = await pendingMember({ email: 'mod-verify@verification.example' });
    await makeModerator(t, ownPending.m.id);

    const listed = await queue(mod);
    const ids = listed.map((entry) => entry.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    // Another moderator's selfie is not a moderator's to judge; an admin's list has it.
    expect(ids).not.toContain(ownPending.id);
    expect((await queue(admin)).map((entry) => entry.id)).toContain(ownPending.id);

    const entry = listed.find((e) => e.id === first.id)!;
    expect(entry.member.id).toBe(first.m.id);
    expect(entry.selfie_url).toBe(selfieLink(first.id));
    expect(POSES).toContain(entry.pose.id);
    expect(entry.pose.text).toBe(POSE_TEXTS[entry.pose.id as (typeof POSES)[number]]);
    expect(entry.pose.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const photo = await t.db
      .selectFrom('images')
      .select(['id', 'filename'])
      .where('member_id', '=', first.m.id)
      .executeTakeFirstOrThrow();
    expect(entry.photos).toEqual([{ id: photo.id, url: `/uploads/${photo.filename}` }]);

    const member = await logInNewMember(t);
    const refused = await member.client.call({
      method: 'GET',
      url: '/api/admin/verifications.php',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('approves: the member is verified, and the audit log says who did it', async () => {
    const { m, id } = await pendingMember();
    const mod = await moderator();
    const res = await decide(mod, { verification: id, action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await state(m)).toEqual({ status: 'verified', pose: null, reason: null });
    const member = await t.db
      .selectFrom('members')
      .select('verified_at')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(member.verified_at).not.toBeNull();
    const entries = (
      await (await boss()).client.call({ method: 'GET', url: '/api/admin/audit.php' })
    ).json().entries as { action: string; subject: { id: number }; staff: { id: number } }[];
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'verification.approve',
        subject: expect.objectContaining({ id: m.id }),
        staff: expect.objectContaining({ id: mod.id }),
      }),
    );
    // Decided: it is gone from the queue and cannot be decided twice.
    expect((await queue(mod)).map((e) => e.id)).not.toContain(id);
    const twice = await decide(mod, {
      verification: id,
      action: 'reject',
      reason: 'photo_quality',
    });
    expect(twice.statusCode).toBe(404);
    expect(code(twice)).toBe('verification_not_found');
  });

  it('rejects with a reason the member reads, and gives them a new pose', async () => {
    const { m, id } = await pendingMember();
    const mod = await moderator();
    const noReason = await decide(mod, { verification: id, action: 'reject' });
    expect(noReason.statusCode).toBe(400);
    const unknown = await decide(mod, { verification: id, action: 'reject', reason: 'ugly' });
    expect(unknown.statusCode).toBe(400);
    const res = await decide(mod, { verification: id, action: 'reject', reason: 'pose_mismatch' });
    expect(res.statusCode).toBe(200);
    const after = await state(m);
    expect(after.status).toBe('rejected');
    expect(after.reason).toBe('pose_mismatch');
    expect(POSES).toContain(after.pose?.id);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'staff_id'])
      .where('subject_id', '=', m.id)
      .execute();
    expect(audit).toEqual([
      { action: 'verification.reject', reason: 'pose_mismatch', staff_id: mod.id },
    ]);
    // And may try again with the new pose.
    expect((await send(m, pictures.selfie, after.pose!.id)).statusCode).toBe(202);
  });

  it('keeps staff from deciding on a selfie out of their reach', async () => {
    const admin = await boss();
    const { id } = await pendingMember({ email: 'deputy@verification.example' });
    const mod = await moderator();
    // A moderator does not judge another moderator.
    await t.db
      .updateTable('members')
      .set({ staff_role: 'moderator' })
      .where('email', '=', 'deputy@verification.example')
      .execute();
    const res = await decide(mod, { verification: id, action: 'approve' });
    expect(res.statusCode).toBe(403);
    expect(code(res)).toBe('forbidden');
    expect((await decide(admin, { verification: id, action: 'approve' })).statusCode).toBe(200);
    const missing = await decide(admin, { verification: 2 ** 40, action: 'approve' });
    expect(missing.statusCode).toBe(404);
  });

  it('lets only staff in reach read the selfie, through the app’s check', async () => {
    const { m, id, selfie } = await pendingMember();
    const mod = await moderator();
    const stored = await t.app.media.private.get(selfie);
    const read = await mod.client.call({ method: 'GET', url: selfieLink(id) });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(stored)).toBe(true);
    expect(read.headers['cache-control']).toMatch(/no-store/);
    // Not the member, not another member, not a visitor; nothing under a public address.
    expect((await m.client.call({ method: 'GET', url: selfieLink(id) })).statusCode).toBe(404);
    const other = await logInNewMember(t);
    expect((await other.client.call({ method: 'GET', url: selfieLink(id) })).statusCode).toBe(404);
    expect((await new Client(t.app).call({ method: 'GET', url: selfieLink(id) })).statusCode).toBe(
      403,
    );
    expect((await other.client.call({ method: 'GET', url: `/uploads/${selfie}` })).statusCode).toBe(
      404,
    );
    // Staff whose window closed read like any member.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await t.db
      .updateTable('sessions')
      .set({ staff_seen_at: anHourAgo, created_at: anHourAgo })
      .where('member_id', '=', mod.id)
      .execute();
    expect((await mod.client.call({ method: 'GET', url: selfieLink(id) })).statusCode).toBe(404);
  });
});

describe('what is kept', () => {
  it('removes a selfie 30 days after the decision, not before', async () => {
    const { id, selfie } = await pendingMember();
    const admin = await boss();
    expect((await decide(admin, { verification: id, action: 'approve' })).statusCode).toBe(200);
    await pruneExpiredRecords(t.db, t.app.media);
    await workOutbox();
    expect(await t.app.media.private.open(selfie)).not.toBeNull();

    await t.db
      .updateTable('verifications')
      .set({ decided_at: sql<Date>`now() - interval '31 days'` })
      .where('id', '=', id)
      .execute();
    await pruneExpiredRecords(t.db, t.app.media);
    const row = await t.db
      .selectFrom('verifications')
      .select(['selfie', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ selfie: null, status: 'verified' });
    await workOutbox();
    expect(await t.app.media.private.open(selfie)).toBeNull();
    expect((await admin.client.call({ method: 'GET', url: selfieLink(id) })).statusCode).toBe(404);
  });

  it('lists status and dates in the data export, with the selfie while it is kept', async () => {
    const { m, id, selfie } = await pendingMember();
    expect((await m.client.call({ method: 'POST', url: '/api/export.php' })).statusCode).toBe(200);
    await workOutbox();
    const ready = (await m.client.call({ method: 'GET', url: '/api/export.php' })).json().export;
    const download = await m.client.call({ method: 'GET', url: ready.download_url });
    expect(download.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const data = JSON.parse(new TextDecoder().decode(files['data.json']));
    expect(data.account.verified_at).toBeNull();
    expect(data.verifications).toEqual([
      expect.objectContaining({ id, status: 'pending', selfie, decided_at: null }),
    ]);
    expect(data.verifications[0].created_at).toEqual(expect.any(String));
    const kept = files[`verification/${selfie}`];
    expect(kept && Buffer.from(kept).equals(await t.app.media.private.get(selfie))).toBe(true);
  });

  it('erases the requests and their selfies with the account', async () => {
    const { m, id, selfie } = await pendingMember();
    const deleted = await m.client.call({
      method: 'DELETE',
      url: '/api/user.php',
      payload: { password: m.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      await t.db.selectFrom('verifications').select('id').where('id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('verification_poses')
        .select('member_id')
        .where('member_id', '=', m.id)
        .execute(),
    ).toEqual([]);
    await workOutbox();
    expect(await t.app.media.private.open(selfie)).toBeNull();
  });
});
