import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type MemberSpec } from '../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loggedIn = (spec: MemberSpec = {}) => logInNewMember(t, spec);

const like = (client: Client, payload: unknown) =>
  client.call({ method: 'POST', url: '/api/likes.php', payload: payload as object });

const unlike = (client: Client, payload?: unknown, query = '') =>
  client.call({
    method: 'DELETE',
    url: `/api/likes.php${query}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const likeRows = (likerId: number, likedId: number) =>
  t.db
    .selectFrom('likes')
    .selectAll()
    .where('liker_id', '=', likerId)
    .where('liked_id', '=', likedId)
    .execute();

const getLikes = async (client: Client) => {
  const res = await client.call({ method: 'GET', url: '/api/likes.php' });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    profiles: { id: number }[];
    liked_by: { id: number; like_new: boolean; profile: { id: number } }[];
  };
};

const viewProfile = async (client: Client, id: number) => {
  const res = await client.call({ method: 'GET', url: `/api/profile.php?id=${id}` });
  expect(res.statusCode).toBe(200);
  return res;
};

describe('POST /api/likes.php', () => {
  it('likes a member: { liked: true }, listed under profiles, one row', async () => {
    const me = await loggedIn();
    const other = await createMember(t.db, { name: 'Liked One' });
    const res = await like(me.client, { profile: other.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ liked: true });
    expect((await getLikes(me.client)).profiles.map((p) => p.id)).toEqual([other.id]);
    expect(await likeRows(me.id, other.id)).toHaveLength(1);
  });

  it('is idempotent: liking twice keeps one like with its original date and seen mark', async () => {
    const me = await loggedIn();
    const other = await createMember(t.db);
    expect((await like(me.client, { profile: other.id })).statusCode).toBe(200);
    const original = new Date('2026-01-02T03:04:05Z');
    const seen = new Date('2026-01-03T00:00:00Z');
    await t.db
      .updateTable('likes')
      .set({ created_at: original, seen_at: seen })
      .where('liker_id', '=', me.id)
      .where('liked_id', '=', other.id)
      .execute();

    const again = await like(me.client, { profile: other.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ liked: true });
    const rows = await likeRows(me.id, other.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.created_at.toISOString()).toBe(original.toISOString());
    expect(rows[0]!.seen_at?.toISOString()).toBe(seen.toISOString());
  });

  it('answers 404 member_not_found for unknown, deleted, banned and unactivated members', async () => {
    const me = await loggedIn();
    const [deleted, banned, inactive] = await Promise.all([
      createMember(t.db, { status: 'deleted' }),
      createMember(t.db, { status: 'banned' }),
      createMember(t.db, { activated: false }),
    ]);
    for (const id of [999_999_999, deleted.id, banned.id, inactive.id]) {
      const res = await like(me.client, { profile: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('member_not_found');
      expect(await likeRows(me.id, id)).toHaveLength(0);
    }
  });

  it('answers 400 cannot_like_self for oneself', async () => {
    const me = await loggedIn();
    const res = await like(me.client, { profile: me.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('cannot_like_self');
    expect(await likeRows(me.id, me.id)).toHaveLength(0);
  });

  it('answers 400 invalid_input for a missing or malformed id', async () => {
    const me = await loggedIn();
    const other = await createMember(t.db);
    for (const payload of [
      {},
      { profile: 'abc' },
      { profile: String(other.id) },
      { profile: true },
      { profile: [other.id] },
      { profile: 0 },
      { profile: -3 },
      { profile: 1.5 },
      { profile: null },
    ]) {
      const res = await like(me.client, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
    expect(await likeRows(me.id, other.id)).toHaveLength(0);
  });

  it('answers 403 not_logged_in when nobody is logged in', async () => {
    const other = await createMember(t.db);
    const res = await like(new Client(t.app), { profile: other.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_logged_in');
  });

  it('refuses a like or unlike without X-App-Package (403), changing nothing', async () => {
    const me = await loggedIn();
    const other = await createMember(t.db);
    const cookie = me.client.sessionCookie!;
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/likes.php',
      payload: { profile: other.id },
      headers: { cookie },
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.json().error.code).toBe('missing_app_package');
    expect(await likeRows(me.id, other.id)).toHaveLength(0);

    await like(me.client, { profile: other.id });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/likes.php?profile=${other.id}`,
      headers: { cookie },
    });
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().error.code).toBe('missing_app_package');
    expect(await likeRows(me.id, other.id)).toHaveLength(1);
  });
});

describe('DELETE /api/likes.php', () => {
  it('removes the like named in the JSON body, and again without complaint', async () => {
    const me = await loggedIn();
    const other = await createMember(t.db);
    await like(me.client, { profile: other.id });
    for (let i = 0; i < 2; i++) {
      const res = await unlike(me.client, { profile: other.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ liked: false });
      expect(await likeRows(me.id, other.id)).toHaveLength(0);
    }
    expect((await getLikes(me.client)).profiles).toEqual([]);
  });

  it('takes the id as a query parameter, with or without a body', async () => {
    const me = await loggedIn();
    const [a, b] = await Promise.all([createMember(t.db), createMember(t.db)]);
    await like(me.client, { profile: a.id });
    await like(me.client, { profile: b.id });

    const bare = await unlike(me.client, undefined, `?profile=${a.id}`);
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual({ liked: false });
    expect(await likeRows(me.id, a.id)).toHaveLength(0);

    const withEmptyBody = await unlike(me.client, {}, `?profile=${b.id}`);
    expect(withEmptyBody.statusCode).toBe(200);
    expect(await likeRows(me.id, b.id)).toHaveLength(0);
  });

  it('leaves likes of other pairs alone', async () => {
    const me = await loggedIn();
    const [a, b] = await Promise.all([loggedIn(), createMember(t.db)]);
    await like(me.client, { profile: a.id });
    await like(me.client, { profile: b.id });
    await like(a.client, { profile: me.id });
    await unlike(me.client, { profile: a.id });
    expect(await likeRows(me.id, a.id)).toHaveLength(0);
    expect(await likeRows(me.id, b.id)).toHaveLength(1);
    expect(await likeRows(a.id, me.id)).toHaveLength(1);
  });

  it('answers 400 without an id, with two different ids, or with a malformed one', async () => {
    const me = await loggedIn();
    const [a, b] = await Promise.all([createMember(t.db), createMember(t.db)]);
    await like(me.client, { profile: a.id });

    const missing = await unlike(me.client);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('missing_profile');

    const mismatch = await unlike(me.client, { profile: a.id }, `?profile=${b.id}`);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.code).toBe('profile_mismatch');

    for (const [payload, query] of [
      [{ profile: 'x' }, ''],
      [undefined, '?profile=abc'],
      [undefined, '?profile=-1'],
    ] as const) {
      const res = await unlike(me.client, payload, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
    const same = await unlike(me.client, { profile: a.id }, `?profile=${a.id}`);
    expect(same.statusCode).toBe(200);
    expect(await likeRows(me.id, a.id)).toHaveLength(0);
  });

  it('answers 403 not_logged_in when nobody is logged in', async () => {
    const other = await createMember(t.db);
    const res = await unlike(new Client(t.app), { profile: other.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_logged_in');
  });
});

describe('likes seen from both sides', () => {
  it('shows a new like to the liked member until they open the liker’s profile', async () => {
    const liker = await loggedIn({ name: 'Liker' });
    const liked = await loggedIn({ name: 'Liked' });
    expect((await like(liker.client, { profile: liked.id })).statusCode).toBe(200);

    const before = await getLikes(liked.client);
    expect(before.liked_by).toMatchObject([
      { id: liker.id, like_new: true, profile: { id: liker.id } },
    ]);
    expect(before.profiles).toEqual([]);

    // Views that are not the liked member opening the liker's profile change nothing.
    await viewProfile(liker.client, liked.id);
    await viewProfile(liker.client, liker.id);
    await viewProfile(liked.client, liked.id);
    await viewProfile(new Client(t.app), liker.id);
    expect((await getLikes(liked.client)).liked_by[0]).toMatchObject({ like_new: true });
    expect((await likeRows(liker.id, liked.id))[0]!.seen_at).toBeNull();

    await viewProfile(liked.client, liker.id);
    const after = await getLikes(liked.client);
    expect(after.liked_by).toMatchObject([{ id: liker.id, like_new: false }]);
    const seenAt = (await likeRows(liker.id, liked.id))[0]!.seen_at;
    expect(seenAt).toBeInstanceOf(Date);

    // Viewing again keeps the first time it was seen.
    await viewProfile(liked.client, liker.id);
    expect((await likeRows(liker.id, liked.id))[0]!.seen_at?.toISOString()).toBe(
      seenAt!.toISOString(),
    );

    // The liker's own list is unchanged throughout.
    const likerView = await getLikes(liker.client);
    expect(likerView.profiles.map((p) => p.id)).toEqual([liked.id]);
    expect(likerView.liked_by).toEqual([]);
  });

  it('clears only the like of the profile opened', async () => {
    const me = await loggedIn();
    const [a, b] = await Promise.all([loggedIn(), loggedIn()]);
    await like(a.client, { profile: me.id });
    await like(b.client, { profile: me.id });
    await viewProfile(me.client, a.id);
    const { liked_by } = await getLikes(me.client);
    expect(liked_by.map((l) => [l.id, l.like_new])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
  });

  it('opening the profile of a member who did not like the viewer writes nothing', async () => {
    const me = await loggedIn();
    const other = await createMember(t.db);
    await viewProfile(me.client, other.id);
    expect(await likeRows(other.id, me.id)).toHaveLength(0);
    expect(await likeRows(me.id, other.id)).toHaveLength(0);
  });

  it('a like removed and given again is new again', async () => {
    const liker = await loggedIn();
    const liked = await loggedIn();
    await like(liker.client, { profile: liked.id });
    await viewProfile(liked.client, liker.id);
    expect((await getLikes(liked.client)).liked_by[0]!.like_new).toBe(false);
    await unlike(liker.client, { profile: liked.id });
    expect((await getLikes(liked.client)).liked_by).toEqual([]);
    await like(liker.client, { profile: liked.id });
    expect((await getLikes(liked.client)).liked_by).toMatchObject([
      { id: liker.id, like_new: true },
    ]);
  });
});

describe('OpenAPI', () => {
  it('lists POST and DELETE /api/likes.php with their bodies', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const path = doc.paths['/api/likes.php'];
    expect(Object.keys(path).sort()).toEqual(['delete', 'get', 'post']);
    expect(path.post.requestBody).toBeDefined();
    expect(path.delete.parameters.map((p: { name: string }) => p.name)).toContain('profile');
  });
});
