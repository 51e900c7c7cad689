import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getProfile = (id: string | number, client = new Client(t.app)) =>
  client.call({ method: 'GET', url: `/api/profile.php?id=${id}` });

describe('GET /api/profile.php', () => {
  it('shows a member to a logged-out visitor, with age but no e-mail or date of birth', async () => {
    const m = await createMember(t.db, {
      name: 'Carla',
      dateOfBirth: '1995-01-02',
      notes: { personal: 'I like tea' },
    });
    const res = await getProfile(m.id);
    expect(res.statusCode).toBe(200);
    const { profile } = res.json();
    expect(profile).toMatchObject({
      id: m.id,
      name: 'Carla',
      notes: { personal: 'I like tea' },
      images: [],
    });
    expect(profile.age).toBeGreaterThanOrEqual(30);
    expect(profile).not.toHaveProperty('date_of_birth');
    expect(res.body).not.toContain(m.email);
  });

  it('answers 404 for unknown, deleted, banned and unactivated members', async () => {
    const deleted = await createMember(t.db, { status: 'deleted' });
    const banned = await createMember(t.db, { status: 'banned' });
    const inactive = await createMember(t.db, { activated: false });
    for (const id of [999_999, deleted.id, banned.id, inactive.id]) {
      const res = await getProfile(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('member_not_found');
    }
  });

  it('answers 400 for an id that is not a positive number', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '', '99999999999999999999']) {
      const res = await getProfile(id);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
  });
});

describe('PUBLIC_PROFILE_VIEWS_PER_HOUR', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ PUBLIC_PROFILE_VIEWS_PER_HOUR: '3' });
  });
  afterAll(() => limited.close());

  const view = (path: 'profile' | 'similar', id: number, ip: string, client?: Client) =>
    (client ?? new Client(limited.app)).call({
      method: 'GET',
      url: `/api/${path}.php?id=${id}`,
      remoteAddress: ip,
    });

  it('caps logged-out profile.php and similar.php together per address, not members', async () => {
    const m = await createMember(limited.db);
    const ip = '203.0.113.60';
    expect((await view('profile', m.id, ip)).statusCode).toBe(200);
    expect((await view('similar', m.id, ip)).statusCode).toBe(200);
    expect((await view('profile', m.id, ip)).statusCode).toBe(200);
    for (const path of ['profile', 'similar'] as const) {
      const refused = await view(path, m.id, ip);
      expect(refused.statusCode, path).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'rate_limited', message: expect.any(String) },
      });
    }
    // Another address is not affected; a logged-in member from the same address is not capped.
    expect((await view('profile', m.id, '203.0.113.61')).statusCode).toBe(200);
    const member = await createMember(limited.db);
    const client = new Client(limited.app);
    const login = await client.call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: member.email, password: member.password },
      remoteAddress: ip,
    });
    expect(login.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await view('profile', m.id, ip, client)).statusCode).toBe(200);
      expect((await view('similar', m.id, ip, client)).statusCode).toBe(200);
    }
  });

  it('counts an IPv6 visitor by its /64, and an IPv4-mapped address as the IPv4 address', async () => {
    const m = await createMember(limited.db);
    for (let i = 1; i <= 3; i++) {
      expect((await view('profile', m.id, `2001:db8:60:1::${i}`)).statusCode).toBe(200);
    }
    expect((await view('similar', m.id, '2001:db8:60:1:abcd::1')).statusCode).toBe(429);
    expect((await view('profile', m.id, '2001:db8:60:2::1')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await view('profile', m.id, '::ffff:203.0.113.62')).statusCode).toBe(200);
    }
    expect((await view('profile', m.id, '203.0.113.62')).statusCode).toBe(429);
  });

  it('counts the views of the hour before, as a sliding window does', async () => {
    const m = await createMember(limited.db);
    const ip = '203.0.113.63';
    await limited.db
      .insertInto('rate_counters')
      .values({
        kind: 'public_profile_view',
        key: ip,
        window_start: sql`date_trunc('hour', now()) - interval '1 hour'`,
        hits: 1_000_000,
      })
      .execute();
    expect((await view('profile', m.id, ip)).statusCode).toBe(429);
  });

  it('is lifted with RATE_LIMIT=off', async () => {
    const open = await createTestApp({ PUBLIC_PROFILE_VIEWS_PER_HOUR: '1', RATE_LIMIT: 'off' });
    try {
      const m = await createMember(open.db);
      for (let i = 0; i < 3; i++) {
        const res = await open.app.inject({ method: 'GET', url: `/api/profile.php?id=${m.id}` });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await open.close();
    }
  });
});

describe('MEMBER_PROFILE_VIEWS_PER_HOUR', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      PUBLIC_PROFILE_VIEWS_PER_HOUR: '3',
      MEMBER_PROFILE_VIEWS_PER_HOUR: '4',
    });
  });
  afterAll(() => limited.close());

  const view = (path: 'profile' | 'similar', id: number, ip: string, client: Client) =>
    client.call({ method: 'GET', url: `/api/${path}.php?id=${id}`, remoteAddress: ip });

  it('caps a confirmed member’s profile.php and similar.php together per member, not address', async () => {
    const seen = await createMember(limited.db);
    const reader = await logInNewMember(limited);
    for (const [i, path] of (['profile', 'similar', 'profile', 'similar'] as const).entries()) {
      // From two addresses: the member is counted, wherever they are.
      const res = await view(path, seen.id, `203.0.113.${70 + (i % 2)}`, reader.client);
      expect(res.statusCode, `${path} ${i}`).toBe(200);
    }
    for (const path of ['profile', 'similar'] as const) {
      const refused = await view(path, seen.id, '203.0.113.72', reader.client);
      expect(refused.statusCode, path).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'rate_limited', message: expect.any(String) },
      });
    }
    // Their own profile stays open; another member from the same address is not affected.
    expect((await view('profile', reader.id, '203.0.113.72', reader.client)).statusCode).toBe(200);
    const other = await logInNewMember(limited);
    expect((await view('profile', seen.id, '203.0.113.72', other.client)).statusCode).toBe(200);
  });

  it('counts a member who has not confirmed their address as a visitor from that address', async () => {
    const seen = await createMember(limited.db);
    const unconfirmed = await logInNewMember(limited, { activated: false });
    const ip = '203.0.113.73';
    for (let i = 0; i < 3; i++) {
      expect((await view('profile', seen.id, ip, unconfirmed.client)).statusCode).toBe(200);
    }
    expect((await view('similar', seen.id, ip, unconfirmed.client)).statusCode).toBe(429);
    // The address's count is the visitors' one: a logged-out call from it is capped too.
    expect((await view('profile', seen.id, ip, new Client(limited.app))).statusCode).toBe(429);
  });
});
