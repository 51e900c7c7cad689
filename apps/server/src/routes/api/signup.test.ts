import { createHmac } from 'node:crypto';
import { signupCsrf } from '@amora/shared/rules/signup-csrf';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.js';
import { Client, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_HOUR: '1000', EMAIL_CHECKS_PER_10_MINUTES: '1000' });
});
afterAll(() => t.close());

/** The signup `csrf`, as the web app computes it. */

let counter = 0;
const freshEmail = (domain = 'example.com') => `signup${++counter}-${Date.now()}@${domain}`;

async function emailToken(app: TestApp, email: string): Promise<string> {
  const res = await new Client(app.app).call({
    method: 'GET',
    url: `/api/validate_email.php?email=${encodeURIComponent(email)}`,
  });
  return res.json().token;
}

/** A complete, valid signup payload for a fresh address (token and csrf included). */
async function payload(overrides: Record<string, unknown> = {}, app = t) {
  const email = (overrides.email as string | undefined) ?? freshEmail();
  const token = await emailToken(app, email);
  return {
    email,
    name: 'Nina',
    password: 'long enough pw',
    trafficsource: null,
    timezone: 'Europe/Amsterdam',
    country: 'NL',
    language: 'nl',
    profile: null,
    form_path: '/signup',
    referrer: null,
    csrf: signupCsrf(token, email),
    token,
    n: 'k3x9',
    ...overrides,
  };
}

const signup = (body: unknown, client = new Client(t.app)) =>
  client.call({
    method: 'POST',
    url: '/api/user.php?new=1',
    payload: body as Record<string, unknown>,
  });

const TABLES = [
  'members',
  'profiles',
  'credit_ledger',
  'outbox',
  'member_tokens',
  'sessions',
  'push_subscriptions',
] as const;

async function rowCounts(app = t) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await app.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const attempts = await app.db
    .selectFrom('auth_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'signup')
    .executeTakeFirstOrThrow();
  counts.signup_attempts = Number(attempts.n);
  return counts;
}

/** Sends a signup that must be refused, and checks that nothing at all was stored. */
async function expectRefused(body: unknown, status: number, code: string, app = t) {
  const before = await rowCounts(app);
  const res = await signup(body, new Client(app.app));
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toMatchObject({ code, message: expect.any(String) });
  expect(res.cookies.find((c) => c.name === 'amora_session')).toBeUndefined();
  expect(await rowCounts(app)).toEqual(before);
  return res.json().error as { code: string; message: string; fields?: Record<string, string> };
}

async function setSiteSettings(patch: Record<string, unknown>) {
  const row = await t.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'site')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('settings')
    .set({ value: JSON.stringify({ ...(row.value as object), ...patch }) })
    .where('key', '=', 'site')
    .execute();
}

describe('POST /api/user.php?new=1', () => {
  it('creates the account, logs it in and answers the user', async () => {
    const body = await payload({ email: freshEmail('gmail.com'), name: 'Nina' });
    const client = new Client(t.app);
    const res = await signup(body, client);
    expect(res.statusCode, res.body).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({
      email: body.email,
      mailprovider: 2,
      paid_user: false,
      activated: false,
      credits: 10,
      last_signup_step: null,
      profile: {
        name: 'Nina',
        country: 'NL',
        countryregion: null,
        city: null,
        language: 'nl',
        gender: null,
        date_of_birth: null,
        images: [],
      },
    });
    expect(res.cookies.find((c) => c.name === 'amora_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    const me = await client.call({ method: 'GET', url: '/api/user.php' });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);

    const member = await t.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(member.password_hash).toMatch(/^\$argon2id\$/);
    expect(member.timezone).toBe('Europe/Amsterdam');
    expect(member.signup_ip).toBe('127.0.0.1');
    expect(member.activated_at).toBeNull();
  });

  it('starts with the welcome credits as balance and ledger row', async () => {
    const { user } = (await signup(await payload())).json();
    const rows = await t.db
      .selectFrom('credit_ledger')
      .select(['amount', 'reason'])
      .where('member_id', '=', user.id)
      .execute();
    expect(rows).toEqual([{ amount: 10, reason: 'welcome' }]);
    expect(user.credits).toBe(10);
  });

  it('queues the activation mail with the account', async () => {
    const body = await payload({ language: 'de' });
    const { user } = (await signup(body)).json();
    const mail = await t.db
      .selectFrom('outbox')
      .select(['kind', 'payload'])
      .where('member_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe('mail');
    expect(mail.payload).toMatchObject({ to: body.email, template: 'activation', locale: 'de' });
    const tokens = await t.db
      .selectFrom('member_tokens')
      .select('purpose')
      .where('member_id', '=', user.id)
      .execute();
    expect(tokens).toEqual([{ purpose: 'activation' }]);
  });

  it('stores where the visitor came from as the tracking object', async () => {
    const host = await createMember(t.db);
    const body = await payload({
      trafficsource: { network: 'adnet', ref: 'aff-12', sub1: 'camp_7', sub3: 'x.y~z' },
      profile: host.id,
      form_path: `/members/${host.id}/signup`,
      referrer: 'https://www.example.org/some/page?q=1',
      n: 'nonce-1',
    });
    const { user } = (await signup(body)).json();
    const member = await t.db
      .selectFrom('members')
      .select('tracking')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(member.tracking).toEqual({
      network: 'adnet',
      ref: 'aff-12',
      sub1: 'camp_7',
      sub3: 'x.y~z',
      profile: String(host.id),
      form_path: `/members/${host.id}/signup`,
      referrer: 'https://www.example.org/some/page?q=1',
      n: 'nonce-1',
    });
  });

  it('takes the traffic source as original API clients send it: "", null, absent or a network name', async () => {
    const trackingOf = async (trafficsource: unknown) => {
      const body = await payload({});
      const res = await signup(
        trafficsource === undefined
          ? Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'trafficsource'))
          : { ...body, trafficsource },
      );
      expect(res.statusCode, res.body).toBe(200);
      return (
        await t.db
          .selectFrom('members')
          .select('tracking')
          .where('id', '=', res.json().user.id)
          .executeTakeFirstOrThrow()
      ).tracking as Record<string, string>;
    };
    for (const none of ['', null, undefined]) {
      expect((await trackingOf(none)).network).toBeUndefined();
    }
    expect((await trackingOf('adnet')).network).toBe('adnet');
    await expectRefused(await payload({ trafficsource: 'ad net<script>' }), 400, 'invalid_input');
  });

  it('codes the mail provider: 2 for the large web mail provider, 1 for known ones, else 0', async () => {
    const codes: number[] = [];
    for (const domain of ['googlemail.com', 'ziggo.nl', 'wp.pl', 'my-own-domain.example']) {
      codes.push(
        (await signup(await payload({ email: freshEmail(domain) }))).json().user.mailprovider,
      );
    }
    expect(codes).toEqual([2, 1, 1, 0]);
  });

  it('accepts the csrf over the address as typed, and stores it normalised', async () => {
    const typed = `Mixed.Case${++counter}@Example.COM`;
    const token = await emailToken(t, typed);
    const body = { ...(await payload()), email: typed, token, csrf: signupCsrf(token, typed) };
    const res = await signup(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(typed.toLowerCase());
  });

  it('keeps only an IANA time zone it knows', async () => {
    const { user } = (await signup(await payload({ timezone: 'Mars/Olympus_Mons' }))).json();
    const member = await t.db
      .selectFrom('members')
      .select('timezone')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(member.timezone).toBeNull();
  });

  it('lets the second of two simultaneous signups with one address fail cleanly', async () => {
    const body = await payload();
    const results = await Promise.all([signup(body), signup(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const members = await t.db
      .selectFrom('members')
      .select('id')
      .where('email', '=', body.email)
      .execute();
    expect(members).toHaveLength(1);
    const ledger = await t.db
      .selectFrom('credit_ledger')
      .select('member_id')
      .where('member_id', '=', members[0]!.id)
      .execute();
    expect(ledger).toHaveLength(1);
  });
});

describe('POST /api/user.php?new=1 refusals (nothing is stored)', () => {
  it('refuses wrong types with 400 naming the fields', async () => {
    const body = await payload();
    const error = await expectRefused(
      { ...body, email: 5, password: 12345678, country: 'XX', language: 'xx', profile: 'abc' },
      400,
      'invalid_input',
    );
    expect(Object.keys(error.fields ?? {})).toEqual(
      expect.arrayContaining(['email', 'password', 'country', 'language', 'profile']),
    );
  });

  it('refuses missing fields with 400', async () => {
    const error = await expectRefused({}, 400, 'invalid_input');
    expect(error.fields).toMatchObject({
      email: 'Value is required',
      name: 'Value is required',
      password: 'Value is required',
    });
    expect(Object.keys(error.fields ?? {})).toEqual(
      expect.arrayContaining(['country', 'language', 'csrf', 'token']),
    );
    const { csrf: _csrf, ...withoutCsrf } = await payload();
    await expectRefused(withoutCsrf, 400, 'invalid_input');
  });

  it('refuses a name starting with @', async () => {
    const error = await expectRefused(await payload({ name: '@nina' }), 400, 'invalid_input');
    expect(error.fields).toEqual({ name: 'signup.name_starts_with_at' });
  });

  it('refuses a name equal to the e-mail address', async () => {
    const email = freshEmail();
    const error = await expectRefused(
      await payload({ email, name: email.toUpperCase() }),
      400,
      'invalid_input',
    );
    expect(error.fields).toEqual({ name: 'signup.name_equal_to_email' });
  });

  it('refuses a short password', async () => {
    const error = await expectRefused(await payload({ password: 'short' }), 400, 'invalid_input');
    expect(error.fields).toEqual({
      password: 'This field should be at least 8 characters long',
    });
  });

  it('refuses a wrong csrf with 403 invalid_csrf', async () => {
    const body = await payload();
    await expectRefused(
      { ...body, csrf: signupCsrf(body.token, 'other@example.com') },
      403,
      'invalid_csrf',
    );
    await expectRefused({ ...body, csrf: 'a'.repeat(128) }, 403, 'invalid_csrf');
  });

  it('refuses a token issued for another address with 403 invalid_token', async () => {
    const other = await payload();
    const email = freshEmail();
    await expectRefused(
      await payload({ email, token: other.token, csrf: signupCsrf(other.token, email) }),
      403,
      'invalid_token',
    );
  });

  it('refuses an expired or made-up token with 403 invalid_token', async () => {
    const row = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'secrets')
      .executeTakeFirstOrThrow();
    const key = Buffer.from((row.value as { tokenKey: string }).tokenKey, 'hex');
    const email = freshEmail();
    const craft = (issuedAt: number) =>
      `${issuedAt}.${createHmac('sha256', key).update(`${email}:${issuedAt}`).digest('hex')}`;
    const now = Math.floor(Date.now() / 1000);

    const expired = craft(now - 2 * 60 * 60 - 5);
    const error = await expectRefused(
      await payload({ email, token: expired, csrf: signupCsrf(expired, email) }),
      403,
      'invalid_token',
    );
    expect(error.message).toMatch(/expired/);

    const future = craft(now + 3600);
    await expectRefused(
      await payload({ email, token: future, csrf: signupCsrf(future, email) }),
      403,
      'invalid_token',
    );
    const forged = `${now}.${'0'.repeat(64)}`;
    await expectRefused(
      await payload({ email, token: forged, csrf: signupCsrf(forged, email) }),
      403,
      'invalid_token',
    );
    // Just inside the two hours still counts.
    const old = craft(now - 2 * 60 * 60 + 30);
    const res = await signup(await payload({ email, token: old, csrf: signupCsrf(old, email) }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a forged trafficsource: unknown key or bad characters', async () => {
    await expectRefused(
      await payload({ trafficsource: { network: 'adnet', evil: 'x' } }),
      400,
      'invalid_input',
    );
    await expectRefused(
      await payload({ trafficsource: { network: 'ad net<script>' } }),
      400,
      'invalid_input',
    );
    await expectRefused(
      await payload({ trafficsource: { sub1: 'x'.repeat(101) } }),
      400,
      'invalid_input',
    );
  });

  describe('with signups closed', () => {
    afterEach(() => setSiteSettings({ signups: 'all' }));

    it('refuses every signup when invite-only', async () => {
      await setSiteSettings({ signups: 'invite_only' });
      await expectRefused(
        await payload({ trafficsource: { network: 'adnet' } }),
        403,
        'signups_closed',
      );
    });

    it('with_trafficsource takes only visitors with a network', async () => {
      await setSiteSettings({ signups: 'with_trafficsource' });
      await expectRefused(await payload(), 403, 'signups_closed');
      await expectRefused(await payload({ trafficsource: { ref: 'x' } }), 403, 'signups_closed');
      const res = await signup(await payload({ trafficsource: { network: 'adnet' } }));
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('with fewer countries served', () => {
    afterEach(() =>
      setSiteSettings({
        countries: [
          'NL',
          'BE',
          'DE',
          'AT',
          'CH',
          'IT',
          'FR',
          'ES',
          'PL',
          'GB',
          'IE',
          'US',
          'CA',
          'AU',
          'NZ',
        ],
      }),
    );

    it('refuses a country the site does not serve with 400', async () => {
      await setSiteSettings({ countries: ['NL', 'BE'] });
      const error = await expectRefused(
        await payload({ country: 'DE' }),
        400,
        'country_not_allowed',
      );
      expect(error.fields).toEqual({ country: expect.any(String) });
      expect((await signup(await payload({ country: 'BE' }))).statusCode).toBe(200);
    });
  });

  it('refuses an address that is taken, whatever the account status, with 409', async () => {
    for (const spec of [
      {},
      { activated: false },
      { status: 'banned' as const },
      { status: 'deleted' as const },
    ]) {
      const existing = await createMember(t.db, spec);
      await expectRefused(await payload({ email: existing.email }), 409, 'email_taken');
      const upper = existing.email.toUpperCase();
      const token = await emailToken(t, upper);
      await expectRefused(
        { ...(await payload()), email: upper, token, csrf: signupCsrf(token, upper) },
        409,
        'email_taken',
      );
    }
  });

  it('answers 400 unknown_action without a flag', async () => {
    const res = await new Client(t.app).call({
      method: 'POST',
      url: '/api/user.php',
      payload: await payload(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('unknown_action');
  });
});

describe('the per-address signup limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ SIGNUPS_PER_HOUR: '2' });
  });
  afterAll(() => limited.close());

  const signupFrom = async (ip: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/user.php?new=1',
      headers: { 'x-app-package': 'com.amora.app' },
      remoteAddress: ip,
      payload: await payload({}, limited),
    });

  it('answers 429 after SIGNUPS_PER_HOUR accounts from one address', async () => {
    expect((await signupFrom('198.51.100.1')).statusCode).toBe(200);
    expect((await signupFrom('198.51.100.1')).statusCode).toBe(200);
    const before = await rowCounts(limited);
    const res = await signupFrom('198.51.100.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect(await rowCounts(limited)).toEqual(before);
    expect((await signupFrom('198.51.100.2')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 address', async () => {
    expect((await signupFrom('2001:db8:5:1::1')).statusCode).toBe(200);
    expect((await signupFrom('2001:db8:5:1::2')).statusCode).toBe(200);
    expect((await signupFrom('2001:db8:5:1:8000::3')).statusCode).toBe(429);
    expect((await signupFrom('2001:db8:5:2::1')).statusCode).toBe(200);
    expect((await signupFrom('::ffff:198.51.100.9')).statusCode).toBe(200);
    expect((await signupFrom('198.51.100.9')).statusCode).toBe(200);
    expect((await signupFrom('::ffff:198.51.100.9')).statusCode).toBe(429);
  });

  it('does not count refused signups', async () => {
    const body = await payload({}, limited);
    const wrong = await limited.app.inject({
      method: 'POST',
      url: '/api/user.php?new=1',
      headers: { 'x-app-package': 'com.amora.app' },
      remoteAddress: '198.51.100.3',
      payload: { ...body, csrf: 'b'.repeat(128) },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await signupFrom('198.51.100.3')).statusCode).toBe(200);
    expect((await signupFrom('198.51.100.3')).statusCode).toBe(200);
    expect((await signupFrom('198.51.100.3')).statusCode).toBe(429);
  });
});
