import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type MemberSpec } from '../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loggedIn = (spec: MemberSpec = {}) => logInNewMember(t, spec);

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function like(likerId: number, likedId: number, createdAt: Date, seenAt: Date | null = null) {
  await t.db
    .insertInto('likes')
    .values({ liker_id: likerId, liked_id: likedId, created_at: createdAt, seen_at: seenAt })
    .execute();
}

const getLikes = async (client: Client) => {
  const res = await client.call({ method: 'GET', url: '/api/likes.php' });
  expect(res.statusCode).toBe(200);
  return res;
};

describe('GET /api/likes.php', () => {
  it('answers 403 not_logged_in when nobody is logged in', async () => {
    const res = await new Client(t.app).call({ method: 'GET', url: '/api/likes.php' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_logged_in');
  });

  it('answers empty lists to a new member', async () => {
    const me = await loggedIn();
    expect((await getLikes(me.client)).json()).toEqual({ profiles: [], liked_by: [] });
  });

  it('lists likes given newest first, and likes received new first, then newest', async () => {
    const me = await loggedIn();
    const [x, y, z, w] = await Promise.all([
      createMember(t.db, { name: 'X' }),
      createMember(t.db, { name: 'Y' }),
      createMember(t.db, { name: 'Z' }),
      createMember(t.db, { name: 'W' }),
    ]);
    await like(me.id, x.id, minutesAgo(30));
    await like(me.id, y.id, minutesAgo(10));
    await like(me.id, z.id, minutesAgo(20));

    await like(x.id, me.id, minutesAgo(5), minutesAgo(1)); // newest, but seen
    await like(y.id, me.id, minutesAgo(50)); // new, oldest
    await like(z.id, me.id, minutesAgo(40), minutesAgo(30)); // seen, older
    await like(w.id, me.id, minutesAgo(15)); // new, newer

    const body = (await getLikes(me.client)).json();
    expect(body.profiles.map((p: { id: number }) => p.id)).toEqual([y.id, z.id, x.id]);
    expect(body.profiles[0]).toMatchObject({ id: y.id, name: 'Y', images: [] });
    expect(body.liked_by.map((l: { id: number; like_new: boolean }) => [l.id, l.like_new])).toEqual(
      [
        [w.id, true],
        [y.id, true],
        [x.id, false],
        [z.id, false],
      ],
    );
    for (const entry of body.liked_by) expect(entry.profile.id).toBe(entry.id);
  });

  it('shows each side its own direction of a like', async () => {
    const a = await loggedIn({ name: 'Ada' });
    const b = await loggedIn({ name: 'Ben' });
    await like(a.id, b.id, minutesAgo(1));

    const forA = (await getLikes(a.client)).json();
    expect(forA.profiles.map((p: { name: string }) => p.name)).toEqual(['Ben']);
    expect(forA.liked_by).toEqual([]);

    const forB = (await getLikes(b.client)).json();
    expect(forB.profiles).toEqual([]);
    expect(forB.liked_by).toMatchObject([{ id: a.id, like_new: true, profile: { name: 'Ada' } }]);
  });

  it('leaves out deleted, banned and unactivated members in both lists', async () => {
    const me = await loggedIn();
    const [visible, banned, deleted, inactive] = await Promise.all([
      createMember(t.db, { name: 'Visible' }),
      createMember(t.db, { name: 'Banned', status: 'banned' }),
      createMember(t.db, { name: 'Deleted', status: 'deleted' }),
      createMember(t.db, { name: 'Inactive', activated: false }),
    ]);
    for (const [i, other] of [visible, banned, deleted, inactive].entries()) {
      await like(other.id, me.id, minutesAgo(i + 1));
      await like(me.id, other.id, minutesAgo(i + 1));
    }

    const res = await getLikes(me.client);
    const body = res.json();
    expect(body.profiles.map((p: { id: number }) => p.id)).toEqual([visible.id]);
    expect(body.liked_by.map((l: { id: number }) => l.id)).toEqual([visible.id]);
    for (const name of ['Banned', 'Deleted', 'Inactive']) expect(res.body).not.toContain(name);
  });

  it("never answers another member's e-mail or date of birth", async () => {
    const a = await loggedIn({ dateOfBirth: '1977-07-07' });
    const b = await loggedIn({ dateOfBirth: '1988-08-08' });
    await like(a.id, b.id, minutesAgo(2));
    await like(b.id, a.id, minutesAgo(1));
    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await getLikes(viewer.client);
      const body = res.json();
      expect(body.profiles[0].id).toBe(other.id);
      expect(body.liked_by[0].id).toBe(other.id);
      expect(body.profiles[0].age).toBeGreaterThan(30);
      expect(res.body).not.toContain(other.email);
      expect(res.body).not.toContain(viewer.email);
      expect(res.body).not.toContain('date_of_birth');
      expect(res.body).not.toMatch(/19(77|88)-0[78]-0[78]/);
    }
  });

  it('refuses a like of oneself and a second like of the same member', async () => {
    const [a, b] = await Promise.all([createMember(t.db), createMember(t.db)]);
    await expect(like(a.id, a.id, new Date())).rejects.toThrow();
    await like(a.id, b.id, new Date());
    await expect(like(a.id, b.id, new Date())).rejects.toThrow();
  });
});
