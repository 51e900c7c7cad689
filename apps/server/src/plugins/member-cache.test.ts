import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openPostgres } from '../db/postgres.js';
import { changeCredits } from '../modules/credits/credit-ledger.repository.js';
import { multipart } from '../test/multipart.js';
import {
  appHeaders,
  Client,
  createTestApp,
  logInNewMember,
  type TestApp,
} from '../test/test-app.js';

// Decision 042: the user answer and the session lookup are cached per instance; every write
// makes the next answer show it.
const ADMIN = 'owner@amora-cache.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof logInNewMember>>;
let adminPromise: Promise<Member> | undefined;
const admin = () => {
  adminPromise ??= logInNewMember(t, { email: ADMIN, name: 'Owner' });
  return adminPromise;
};

const whoAmI = (client: Client) => client.call({ method: 'GET', url: '/api/user.php' });

/** What the member's search for women in New Zealand finds (ids in order of id). */
async function searchIn(m: Member) {
  const res = await m.client.call({
    method: 'GET',
    url: '/api/search.php?country=NZ&gender=female&min_age=18&max_age=99',
  });
  expect(res.statusCode, res.body).toBe(200);
  const profiles: { id: number; name: string }[] = res.json().profiles;
  return {
    found: profiles.map((p) => p.id).sort(),
    count: res.json().paging.num_results as number,
    names: profiles.map((p) => p.name),
  };
}

/** Asks twice, so the answer is in the cache; checks that it is. */
async function cached(m: Member) {
  expect((await whoAmI(m.client)).statusCode).toBe(200);
  const res = await whoAmI(m.client);
  expect(res.statusCode).toBe(200);
  expect(t.app.memberCache.getUser(m.id)).toBeDefined();
  return res.json().user;
}

/** The same member logged in on a second device. */
async function secondDevice(m: Member) {
  const client = new Client(t.app);
  const res = await client.call({
    method: 'POST',
    url: '/api/login.php',
    payload: { email: m.email, password: m.password },
  });
  expect(res.statusCode).toBe(200);
  return client;
}

describe('the cached user answer after a write', () => {
  it('shows credits changed through the ledger, by staff or by a payment', async () => {
    const m = await logInNewMember(t);
    const before = (await cached(m)).credits;
    const owner = await admin();
    const corrected = await owner.client.call({
      method: 'POST',
      url: '/api/admin/credits.php',
      payload: { member: m.id, amount: 25, reason: 'Goodwill' },
    });
    expect(corrected.statusCode).toBe(200);
    expect((await whoAmI(m.client)).json().user.credits).toBe(before + 25);

    await cached(m);
    await t.db.transaction().execute(async (trx) => {
      await changeCredits(trx, { memberId: m.id, amount: 5, reason: 'purchase' });
    });
    expect((await whoAmI(m.client)).json().user.credits).toBe(before + 30);
  });

  it('shows a change made in SQL by an operator', async () => {
    const m = await logInNewMember(t);
    await cached(m);
    await t.db
      .updateTable('members')
      .set({ paid_until: new Date(Date.now() + 86_400_000) })
      .where('id', '=', m.id)
      .execute();
    expect((await whoAmI(m.client)).json().user.paid_user).toBe(true);
  });

  it('refuses a member banned by staff at once', async () => {
    const m = await logInNewMember(t);
    await cached(m);
    const owner = await admin();
    const ban = await owner.client.call({
      method: 'POST',
      url: '/api/admin/members.php',
      payload: { member: m.id, action: 'ban', reason: 'Asked for money' },
    });
    expect(ban.statusCode).toBe(200);
    expect((await whoAmI(m.client)).statusCode).toBe(403);
  });

  it('refuses a session ended on another device, or logged out', async () => {
    const m = await logInNewMember(t);
    await cached(m);
    const phone = await secondDevice(m);
    const ended = await phone.call({
      method: 'DELETE',
      url: '/api/sessions.php',
      payload: { others: true },
    });
    expect(ended.statusCode).toBe(200);
    expect((await whoAmI(m.client)).statusCode).toBe(403);

    // A logout with the same cookie (another tab) ends it for the tab still holding it.
    expect((await whoAmI(phone)).statusCode).toBe(200);
    expect((await whoAmI(phone)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/logout.php',
      headers: { ...appHeaders, cookie: phone.sessionCookie as string },
    });
    expect(logout.statusCode).toBe(200);
    expect((await whoAmI(phone)).statusCode).toBe(403);
  });

  it('shows a profile edited on another device', async () => {
    const m = await logInNewMember(t);
    await cached(m);
    const phone = await secondDevice(m);
    const edit = await phone.call({
      method: 'PUT',
      url: '/api/user.php',
      payload: { profile: { name: 'Renamed Elsewhere' } },
    });
    expect(edit.statusCode).toBe(200);
    expect((await whoAmI(m.client)).json().user.profile.name).toBe('Renamed Elsewhere');
  });

  it('shows a photo added, then removed, on another device', async () => {
    const m = await logInNewMember(t);
    expect((await cached(m)).profile.images).toEqual([]);
    const phone = await secondDevice(m);
    const photo = await sharp({
      create: { width: 400, height: 500, channels: 3, background: { r: 200, g: 90, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const added = await phone.call({
      method: 'POST',
      url: '/api/profileimage.php',
      ...multipart([{ filename: 'me.jpg', contentType: 'image/jpeg', data: photo }]),
    });
    expect(added.statusCode, added.body).toBe(200);
    const [image] = (await whoAmI(m.client)).json().user.profile.images;
    expect(image).toMatchObject({ id: added.json().images[0].id });

    await cached(m);
    const removed = await phone.call({
      method: 'DELETE',
      url: '/api/profileimage.php',
      payload: { image: image.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await whoAmI(m.client)).json().user.profile.images).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('two app instances', () => {
  it('forgets on one instance what was written through the other', async () => {
    const second = openPostgres(t.testDb.url!, 2);
    const b = await buildApp({
      config: t.app.config,
      db: second.db,
      dbKind: 'postgres',
      listen: second.listen,
      media: t.app.media,
    });
    const onB = (m: Member, options: Parameters<Client['call']>[0]) =>
      b.inject({
        ...options,
        headers: { ...appHeaders, cookie: m.client.sessionCookie as string },
      });
    try {
      // A credit change through B.
      const m = await logInNewMember(t);
      const before = (await cached(m)).credits;
      const owner = await admin();
      const corrected = await onB(owner, {
        method: 'POST',
        url: '/api/admin/credits.php',
        payload: { member: m.id, amount: 7, reason: 'Goodwill' },
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
      // B's notification reaches A over A's own connection: once A heard everything
      // committed so far, its next answer shows the change.
      await t.app.memberChangesHeard();
      expect((await whoAmI(m.client)).json().user.credits).toBe(before + 7);

      // A ban through B.
      await cached(m);
      const ban = await onB(owner, {
        method: 'POST',
        url: '/api/admin/members.php',
        payload: { member: m.id, action: 'ban', reason: 'Spam' },
      });
      expect(ban.statusCode, ban.body).toBe(200);
      await t.app.memberChangesHeard();
      expect((await whoAmI(m.client)).statusCode).toBe(403);

      // A session ended through B, by the member's other device.
      const n = await logInNewMember(t);
      await cached(n);
      const phone = await secondDevice(n);
      const ended = await b.inject({
        method: 'DELETE',
        url: '/api/sessions.php',
        headers: { ...appHeaders, cookie: phone.sessionCookie as string },
        payload: { others: true },
      });
      expect(ended.statusCode, ended.body).toBe(200);
      await t.app.memberChangesHeard();
      expect((await whoAmI(n.client)).statusCode).toBe(403);

      // A block through B, and a profile edited through B: A's shared search (decision 047).
      const spec = { country: 'NZ', gender: 'female' as const, dateOfBirth: '1991-02-03' };
      const [x, y, z] = [
        await logInNewMember(t, spec),
        await logInNewMember(t, spec),
        await logInNewMember(t, spec),
      ];
      expect(await searchIn(x)).toMatchObject({ found: [z.id, y.id].sort(), count: 2 });
      expect(await searchIn(x)).toMatchObject({ found: [z.id, y.id].sort(), count: 2 });
      const blocked = await onB(y, {
        method: 'POST',
        url: '/api/block.php',
        payload: { profile: x.id },
      });
      expect(blocked.statusCode, blocked.body).toBe(200);
      await t.app.memberChangesHeard();
      expect(await searchIn(x)).toMatchObject({ found: [z.id], count: 1 });
      const renamed = await onB(z, {
        method: 'PUT',
        url: '/api/user.php',
        payload: { profile: { name: 'Renamed on B' } },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      await t.app.memberChangesHeard();
      expect((await searchIn(x)).names).toEqual(['Renamed on B']);
    } finally {
      await b.close();
      await second.close();
    }
  });
});
