import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart.js';
import {
  createTestApp,
  logInModerator,
  logInNewMember,
  type TestApp,
} from '../../test/test-app.js';

// A verified member who replaces all their photos goes back to a person (issue 48): the
// badge stays until someone decides.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Member = Awaited<ReturnType<typeof logInNewMember>>;

const photo = (r: number) =>
  sharp({ create: { width: 300, height: 375, channels: 3, background: { r, g: 120, b: 140 } } })
    .jpeg()
    .toBuffer();

async function upload(m: Member, r: number): Promise<number> {
  const res = await m.client.call({
    method: 'POST',
    url: '/api/profileimage.php',
    ...multipart([{ filename: 'me.jpg', contentType: 'image/jpeg', data: await photo(r) }]),
  });
  expect(res.statusCode).toBe(200);
  return res.json().images[0].id as number;
}

const remove = (m: Member, image: number) =>
  m.client.call({ method: 'DELETE', url: `/api/profileimage.php?image=${image}` });

/** A member approved a while ago, with one photo, and their selfie while it is kept. */
async function verifiedMember(selfieKept: boolean) {
  const m = await logInNewMember(t);
  const first = await upload(m, 40);
  await t.db
    .updateTable('images')
    .set({ created_at: sql<Date>`now() - interval '2 minutes'` })
    .where('id', '=', first)
    .execute();
  const selfie = selfieKept ? 'selfie-recheck-approved.webp' : null;
  if (selfie) await t.app.media.private.put(selfie, await photo(200), 'image/webp');
  await t.db
    .insertInto('verifications')
    .values({
      member_id: m.id,
      pose: 'thumb_up',
      selfie,
      status: 'verified',
      decided_at: sql<Date>`now() - interval '1 minute'`,
    })
    .execute();
  await t.db
    .updateTable('members')
    .set({ verified_at: sql<Date>`now() - interval '1 minute'` })
    .where('id', '=', m.id)
    .execute();
  return { m, first, selfie };
}

const pending = (memberId: number) =>
  t.db
    .selectFrom('verifications')
    .select(['id', 'pose', 'selfie'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .execute();

const ownStatus = async (m: Member) =>
  (await m.client.call({ method: 'GET', url: '/api/verification.php' })).json().status as string;

const seenVerified = async (m: Member) => {
  const viewer = await logInNewMember(t);
  const res = await viewer.client.call({ method: 'GET', url: `/api/profile.php?id=${m.id}` });
  return res.json().profile.verified as boolean;
};

describe('a verified member who replaces all photos', () => {
  it('goes back to a person once no photo of the approval is left; the badge stays meanwhile', async () => {
    const { m, first, selfie } = await verifiedMember(true);
    // A new photo beside the old one: nothing changes.
    const second = await upload(m, 90);
    expect(await pending(m.id)).toEqual([]);
    expect(await ownStatus(m)).toBe('verified');

    // The last photo of the approval goes: a pending check with the same pose and a copy of
    // the selfie (the approved one goes 30 days after its decision, this one with its own).
    expect((await remove(m, first)).statusCode).toBe(200);
    const [check] = await pending(m.id);
    expect(check).toMatchObject({ pose: 'thumb_up' });
    expect(check?.selfie).toMatch(/^selfie-[0-9a-f-]+\.webp$/);
    expect(check?.selfie).not.toBe(selfie);
    expect(
      (await t.app.media.private.get(check!.selfie!)).equals(
        await t.app.media.private.get(selfie!),
      ),
    ).toBe(true);
    expect(await ownStatus(m)).toBe('pending');
    expect(await seenVerified(m)).toBe(true);

    // Further changes queue nothing more while it waits.
    await upload(m, 120);
    expect((await remove(m, second)).statusCode).toBe(200);
    expect(await pending(m.id)).toHaveLength(1);
  });

  it('queues the check with the new photos alone when the selfie is no longer kept', async () => {
    const { m, first } = await verifiedMember(false);
    expect((await remove(m, first)).statusCode).toBe(200);
    // No photo left: nothing to compare yet.
    expect(await pending(m.id)).toEqual([]);
    await upload(m, 160);
    const [check] = await pending(m.id);
    expect(check).toMatchObject({ pose: 'thumb_up', selfie: null });
    expect(await seenVerified(m)).toBe(true);

    // The moderator sees the new photos without a selfie, and asks for a new one.
    const mod = await logInModerator(t);
    const queue = (
      await mod.client.call({ method: 'GET', url: '/api/admin/verifications.php' })
    ).json().verifications as { id: number; selfie_url: string | null; photos: unknown[] }[];
    const entry = queue.find((item) => item.id === check!.id);
    expect(entry).toMatchObject({ selfie_url: null });
    expect(entry?.photos).toHaveLength(1);
    const refused = await mod.client.call({
      method: 'POST',
      url: '/api/admin/verifications.php',
      payload: { verification: check!.id, action: 'reject', reason: 'new_selfie_needed' },
    });
    expect(refused.statusCode).toBe(200);
    const own = (await m.client.call({ method: 'GET', url: '/api/verification.php' })).json();
    expect(own).toMatchObject({ status: 'rejected', reason: 'new_selfie_needed' });
    expect(own.pose).not.toBeNull();
    expect(await seenVerified(m)).toBe(false);
  });

  it('leaves members who are not verified alone', async () => {
    const m = await logInNewMember(t);
    const first = await upload(m, 30);
    await upload(m, 60);
    expect((await remove(m, first)).statusCode).toBe(200);
    expect(await pending(m.id)).toEqual([]);
  });
});
