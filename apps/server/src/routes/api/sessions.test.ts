import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.js';
import { Client, createTestApp, type TestApp } from '../../test/test-app.js';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_DAYS: '30', SESSION_MAX_DAYS: '90' });
});
afterAll(() => t.close());

/** A member logged in from two browsers. */
async function twoBrowsers() {
  const m = await createMember(t.db);
  const logIn = async (userAgent: string) => {
    const client = new Client(t.app);
    const res = await client.call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: m.email, password: m.password },
      headers: { 'user-agent': userAgent },
    });
    expect(res.statusCode).toBe(200);
    return client;
  };
  return { ...m, phone: await logIn(PHONE), desktop: await logIn(DESKTOP) };
}

const list = (client: Client) => client.call({ method: 'GET', url: '/api/sessions.php' });
const end = (client: Client, payload?: unknown, query = '') =>
  client.call({ method: 'DELETE', url: `/api/sessions.php${query}`, payload: payload as object });
const whoAmI = (client: Client) => client.call({ method: 'GET', url: '/api/user.php' });
const tokenOf = (client: Client) => client.sessionCookie!.split('=')[1]!;
const storedId = (client: Client) => createHash('sha256').update(tokenOf(client)).digest('hex');

type Listed = {
  id: string;
  current: boolean;
  created_at: string;
  last_used_at: string;
  user_agent: string | null;
};

describe('GET /api/sessions.php', () => {
  it('lists where the member is logged in, the calling session first', async () => {
    const m = await twoBrowsers();
    const res = await list(m.phone);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { sessions } = res.json() as { sessions: Listed[] };
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => [s.current, s.user_agent])).toEqual([
      [true, PHONE],
      [false, DESKTOP],
    ]);
    for (const s of sessions) {
      expect(Object.keys(s).sort()).toEqual([
        'created_at',
        'current',
        'id',
        'last_used_at',
        'user_agent',
      ]);
      expect(Math.abs(Date.parse(s.created_at) - Date.now())).toBeLessThan(60_000);
      expect(Date.parse(s.last_used_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at));
    }
    // The other browser sees the same two, with itself as the current one.
    const other = (await list(m.desktop)).json() as { sessions: Listed[] };
    expect(other.sessions.map((s) => [s.id, s.current])).toEqual([
      [sessions[1]!.id, true],
      [sessions[0]!.id, false],
    ]);
    // Another member's sessions are not in it.
    const stranger = await twoBrowsers();
    expect((await list(stranger.phone)).json().sessions).toHaveLength(2);
    expect((await list(m.phone)).json().sessions).toHaveLength(2);
  });

  it('shows ids that cannot be used as a session', async () => {
    const m = await twoBrowsers();
    const { sessions } = (await list(m.phone)).json() as { sessions: Listed[] };
    const token = tokenOf(m.phone);
    for (const s of sessions) {
      expect(s.id).not.toBe(token);
      expect(s.id).not.toBe(storedId(m.phone));
      expect(s.id).not.toBe(storedId(m.desktop));
      expect(token).not.toContain(s.id);
      for (const cookie of [s.id, storedId(m.phone)]) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/user.php',
          headers: { cookie: `amora_session=${cookie}` },
        });
        expect(res.statusCode).toBe(403);
      }
    }
  });

  it('keeps the last use to the minute, writing it at most once a minute', async () => {
    const m = await twoBrowsers();
    const setLastSeen = (client: Client, secondsAgo: number) =>
      t.db
        .updateTable('sessions')
        .set({ last_seen_at: sql`now() - make_interval(secs => ${secondsAgo})` })
        .where('id', '=', storedId(client))
        .execute();
    const lastUsed = async (client: Client) =>
      Date.parse(
        ((await list(m.phone)).json() as { sessions: Listed[] }).sessions.find(
          (s) => s.current === (client === m.phone),
        )!.last_used_at,
      );

    // Used a few minutes ago: a call now is noted.
    await setLastSeen(m.desktop, 300);
    expect(Date.now() - (await lastUsed(m.desktop))).toBeGreaterThan(290_000);
    expect((await whoAmI(m.desktop)).statusCode).toBe(200);
    expect(Math.abs(Date.now() - (await lastUsed(m.desktop)))).toBeLessThan(30_000);

    // Used half a minute ago: the call is not written (the time stays as it was).
    await setLastSeen(m.desktop, 30);
    const before = await lastUsed(m.desktop);
    expect((await whoAmI(m.desktop)).statusCode).toBe(200);
    expect(await lastUsed(m.desktop)).toBe(before);

    // The listing call is a use of the calling session too.
    await setLastSeen(m.phone, 120);
    expect(Math.abs(Date.now() - (await lastUsed(m.phone)))).toBeLessThan(30_000);
  });

  it('stores a sensible part of a long User-Agent, and none when there is none', async () => {
    const m = await createMember(t.db);
    const long = new Client(t.app);
    await long.call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: m.email, password: m.password },
      headers: { 'user-agent': `  ${'Mozilla/5.0 '.repeat(200)}` },
    });
    const none = new Client(t.app);
    await none.call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: m.email, password: m.password },
      headers: { 'user-agent': '' },
    });
    const { sessions } = (await list(long)).json() as { sessions: Listed[] };
    expect(sessions[0]!.user_agent).toMatch(/^Mozilla\/5\.0 Mozilla/);
    expect(sessions[0]!.user_agent!.length).toBeLessThanOrEqual(500);
    expect(sessions[1]!.user_agent).toBeNull();
  });

  it('answers 403 not_logged_in to a visitor', async () => {
    const res = await list(new Client(t.app));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_logged_in');
  });
});

describe('DELETE /api/sessions.php', () => {
  it('ends one session by its id; the other browser is logged out at once', async () => {
    const m = await twoBrowsers();
    const { sessions } = (await list(m.phone)).json() as { sessions: Listed[] };
    const desktop = sessions.find((s) => !s.current)!;
    const res = await end(m.phone, { id: desktop.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, ended: 1 });
    expect(res.cookies.find((c) => c.name === 'amora_session')).toBeUndefined();
    expect((await whoAmI(m.desktop)).statusCode).toBe(403);
    expect((await whoAmI(m.phone)).statusCode).toBe(200);
    expect((await list(m.phone)).json().sessions).toHaveLength(1);
    // Gone now: a second try is a 404.
    const again = await end(m.phone, { id: desktop.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('session_not_found');
  });

  it('answers 404 for an unknown id and for another member’s session, which stays', async () => {
    const m = await twoBrowsers();
    const stranger = await twoBrowsers();
    const theirs = ((await list(stranger.phone)).json() as { sessions: Listed[] }).sessions;
    for (const id of [theirs[0]!.id, theirs[1]!.id, 'no-such-session', storedId(m.desktop)]) {
      const res = await end(m.phone, { id });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe('session_not_found');
    }
    expect((await whoAmI(stranger.phone)).statusCode).toBe(200);
    expect((await whoAmI(stranger.desktop)).statusCode).toBe(200);
    expect((await whoAmI(m.desktop)).statusCode).toBe(200);
  });

  it('takes the id as ?id= too', async () => {
    const m = await twoBrowsers();
    const other = ((await list(m.phone)).json() as { sessions: Listed[] }).sessions[1]!;
    const res = await end(m.phone, undefined, `?id=${encodeURIComponent(other.id)}`);
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(m.desktop)).statusCode).toBe(403);
  });

  it('ends the calling session too when asked, and clears its cookie', async () => {
    const m = await twoBrowsers();
    const own = ((await list(m.phone)).json() as { sessions: Listed[] }).sessions[0]!;
    expect(own.current).toBe(true);
    const res = await end(m.phone, { id: own.id });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'amora_session')?.value).toBe('');
    expect((await whoAmI(m.phone)).statusCode).toBe(403);
    expect((await whoAmI(m.desktop)).statusCode).toBe(200);
  });

  it('ends every other session with { others: true }', async () => {
    const m = await twoBrowsers();
    const third = new Client(t.app);
    await third.call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: m.email, password: m.password },
    });
    const stranger = await twoBrowsers();
    const res = await end(m.phone, { others: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, ended: 2 });
    expect((await whoAmI(m.phone)).statusCode).toBe(200);
    expect((await whoAmI(m.desktop)).statusCode).toBe(403);
    expect((await whoAmI(third)).statusCode).toBe(403);
    expect((await whoAmI(stranger.phone)).statusCode).toBe(200);
    const { sessions } = (await list(m.phone)).json() as { sessions: Listed[] };
    expect(sessions.map((s) => s.current)).toEqual([true]);
    // Nothing else to end: still fine.
    expect((await end(m.phone, { others: true })).json()).toEqual({ ok: true, ended: 0 });
  });

  it('refuses a body that says neither, or both, with 400 invalid_input', async () => {
    const m = await twoBrowsers();
    const id = ((await list(m.phone)).json() as { sessions: Listed[] }).sessions[1]!.id;
    for (const [payload, query] of [
      [undefined, ''],
      [{}, ''],
      [{ others: false }, ''],
      [{ id: '' }, ''],
      [{ id: 12 }, ''],
      [{ id, others: true }, ''],
      [{ others: true }, `?id=${id}`],
      [{ id }, '?id=another'],
    ] as const) {
      const res = await end(m.phone, payload, query);
      expect(res.statusCode, JSON.stringify(payload) + query).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
    expect((await whoAmI(m.desktop)).statusCode).toBe(200);
  });

  it('answers 403 not_logged_in to a visitor, and 403 without the app header', async () => {
    const visitor = await end(new Client(t.app), { others: true });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('not_logged_in');
    const m = await twoBrowsers();
    const bare = await m.phone.call({
      method: 'DELETE',
      url: '/api/sessions.php',
      payload: { others: true },
      headers: { 'x-app-package': '' },
    });
    expect(bare.statusCode).toBe(403);
    expect((await whoAmI(m.desktop)).statusCode).toBe(200);
  });
});

describe('session lifetime', () => {
  const age = (client: Client, set: Record<string, ReturnType<typeof sql>>) =>
    t.db
      .updateTable('sessions')
      .set(set)
      .where('id', '=', createHash('sha256').update(tokenOf(client)).digest('hex'))
      .execute();

  it('ends a session SESSION_DAYS after its last use', async () => {
    const m = await twoBrowsers();
    await age(m.desktop, { expires_at: sql`now() - interval '1 second'` });
    expect((await whoAmI(m.desktop)).statusCode).toBe(403);
    expect((await list(m.phone)).json().sessions).toHaveLength(1);
  });

  it('ends a session in use SESSION_MAX_DAYS after the login, however recently used', async () => {
    const m = await twoBrowsers();
    await age(m.desktop, {
      created_at: sql`now() - interval '90 days 1 minute'`,
      last_seen_at: sql`now() - interval '5 minutes'`,
      expires_at: sql`now() + interval '29 days'`,
    });
    expect((await whoAmI(m.desktop)).statusCode).toBe(403);
    const { sessions } = (await list(m.phone)).json() as { sessions: Listed[] };
    expect(sessions.map((s) => s.current)).toEqual([true]);
    expect((await end(m.phone, { others: true })).json().ended).toBe(1);
  });

  it('slides the idle expiry with use, never past the absolute end', async () => {
    const m = await twoBrowsers();
    await age(m.desktop, {
      created_at: sql`now() - interval '80 days'`,
      last_seen_at: sql`now() - interval '5 minutes'`,
      expires_at: sql`now() + interval '1 day'`,
    });
    expect((await whoAmI(m.desktop)).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('sessions')
      .select(sql<number>`extract(epoch from (expires_at - created_at))::float8`.as('lifetime'))
      .where('id', '=', storedId(m.desktop))
      .executeTakeFirstOrThrow();
    // 80 days old: the idle 30 days would pass the 90-day end, so it is the 90-day end.
    expect(Number(row.lifetime)).toBeCloseTo(90 * 86400, -1);
    // A fresh session's cookie may live as long as the session could.
    const fresh = new Client(t.app);
    const login = await fresh.call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: m.email, password: m.password },
    });
    expect(login.cookies.find((c) => c.name === 'amora_session')?.maxAge).toBe(90 * 86400);
  });
});

it('lists the calls in OpenAPI', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  const path = res.json().paths['/api/sessions.php'];
  expect(Object.keys(path).sort()).toEqual(['delete', 'get']);
  expect(Object.keys(path.get.responses)).toEqual(expect.arrayContaining(['200', '403']));
  expect(Object.keys(path.delete.responses)).toEqual(
    expect.arrayContaining(['200', '400', '403', '404']),
  );
});
