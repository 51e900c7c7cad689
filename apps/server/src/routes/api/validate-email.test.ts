import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.js';
import { Client, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EMAIL_CHECKS_PER_10_MINUTES: '1000' });
});
afterAll(() => t.close());

const check = (email: string, headers: Record<string, string> = {}) =>
  new Client(t.app).call({
    method: 'GET',
    url: `/api/validate_email.php?email=${encodeURIComponent(email)}`,
    headers,
  });

async function statusOf(email: string) {
  const res = await check(email);
  expect(res.statusCode).toBe(200);
  return res.json().status;
}

async function tokenKey() {
  const row = await t.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'secrets')
    .executeTakeFirstOrThrow();
  return Buffer.from((row.value as { tokenKey: string }).tokenKey, 'hex');
}

describe('GET /api/validate_email.php', () => {
  it('answers new for a free address, with the normalised and the sent address', async () => {
    const res = await check('  New.Person@Example.COM ');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'new',
      email: 'new.person@example.com',
      request_email: '  New.Person@Example.COM ',
      token: expect.stringMatching(/^\d+\.[0-9a-f]{64}$/),
    });
  });

  it('answers active, not_confirmed and deleted for existing accounts; banned reads as active', async () => {
    const active = await createMember(t.db);
    const unconfirmed = await createMember(t.db, { activated: false });
    const deleted = await createMember(t.db, { status: 'deleted' });
    const banned = await createMember(t.db, { status: 'banned' });
    expect(await statusOf(active.email)).toBe('active');
    expect(await statusOf(active.email.toUpperCase())).toBe('active');
    expect(await statusOf(unconfirmed.email)).toBe('not_confirmed');
    expect(await statusOf(deleted.email)).toBe('deleted');
    expect(await statusOf(banned.email)).toBe('active');
  });

  it('answers 200 invalid (no token) for a malformed address', async () => {
    for (const email of ['not-an-email', 'a@b', '@example.com', 'two@@example.com', '']) {
      const res = await check(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'invalid', token: '', request_email: email });
    }
  });

  it('answers 400 in the error format without the email parameter', async () => {
    const res = await new Client(t.app).call({ method: 'GET', url: '/api/validate_email.php' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_input',
      fields: { email: expect.any(String) },
    });
  });

  it('signs the token with the server key over address and issue time', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { token, email } = (await check('signed@example.com')).json();
    const [issuedAt, mac] = token.split('.');
    expect(Number(issuedAt)).toBeGreaterThanOrEqual(before);
    expect(Number(issuedAt)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const expected = createHmac('sha256', await tokenKey())
      .update(`${email}:${issuedAt}`)
      .digest('hex');
    expect(mac).toBe(expected);
  });

  it('keeps one key per database, made on first start', async () => {
    const rows = await t.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', ['secrets', 'vapid'])
      .orderBy('key')
      .execute();
    expect(rows.map((r) => r.key)).toEqual(['secrets', 'vapid']);
    expect((rows[0]!.value as { tokenKey: string }).tokenKey).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[1]!.value).toEqual({
      publicKey: expect.any(String),
      privateKey: expect.any(String),
    });
    const settings = (
      await new Client(t.app).call({ method: 'GET', url: '/api/settings.php' })
    ).json();
    expect(settings.push_pub).toBe((rows[1]!.value as { publicKey: string }).publicKey);
  });
});

describe('the per-address limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ EMAIL_CHECKS_PER_10_MINUTES: '3' });
  });
  afterAll(() => limited.close());

  const checkFrom = (ip: string) =>
    limited.app.inject({
      method: 'GET',
      url: '/api/validate_email.php?email=someone@example.com',
      remoteAddress: ip,
    });

  it('answers 429 in the error format after the limit, per IP address', async () => {
    for (let i = 0; i < 3; i++) expect((await checkFrom('203.0.113.7')).statusCode).toBe(200);
    const res = await checkFrom('203.0.113.7');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
    expect((await checkFrom('203.0.113.8')).statusCode).toBe(200);
    const counted = await limited.db
      .selectFrom('auth_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'email_check')
      .where('key', '=', '203.0.113.7')
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(3);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 address', async () => {
    for (let i = 1; i <= 3; i++)
      expect((await checkFrom(`2001:db8:e:1::${i}`)).statusCode).toBe(200);
    expect((await checkFrom('2001:db8:e:1:ffff::1')).statusCode).toBe(429);
    expect((await checkFrom('2001:db8:e:2::1')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await checkFrom('::ffff:203.0.113.20')).statusCode).toBe(200);
    expect((await checkFrom('203.0.113.20')).statusCode).toBe(429);
  });
});

describe('with RATE_LIMIT=off', () => {
  let unlimited: TestApp;
  beforeAll(async () => {
    unlimited = await createTestApp({ EMAIL_CHECKS_PER_10_MINUTES: '1', RATE_LIMIT: 'off' });
  });
  afterAll(() => unlimited.close());

  it('lifts the e-mail check limit', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await new Client(unlimited.app).call({
        method: 'GET',
        url: '/api/validate_email.php?email=load@example.com',
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
