import { isErrorCode } from '@amora/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API ground rules', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing.php' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('answers known client routes with the app and unknown paths with 404', async () => {
    for (const path of [
      '/',
      '/login',
      '/members',
      '/search',
      '/members/12',
      '/likes/m/3',
      '/likes/given',
      '/likes/received',
      '/credits/5',
      '/credits/5/ideal',
      '/landers/video/summer',
      '/pages/faq',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
    for (const path of [
      '/nope',
      '/members/abc',
      '/chats/x',
      '/pages/unknown',
      '/landers/video',
      '/likes/xyz',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('answers /_dev with the app, which opens the developer panel and goes on to /', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/_dev' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings.php' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['referrer-policy']).toBeDefined();
  });

  it('compresses larger answers when the client accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/regions.php',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await new Client(t.app).call({
      method: 'POST',
      url: '/api/login.php',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect(res.json().error.message).toBeTruthy();
  });

  it('answers the framework’s own refusals with codes of the shared catalogue', async () => {
    const client = new Client(t.app);
    const wrongType = await client.call({
      method: 'POST',
      url: '/api/login.php',
      headers: { 'content-type': 'text/csv' },
      payload: 'email,password',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.code).toBe('unsupported_media_type');
    const tooLarge = await client.call({
      method: 'POST',
      url: '/api/login.php',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe('payload_too_large');
    for (const res of [wrongType, tooLarge]) expect(isErrorCode(res.json().error.code)).toBe(true);
  });

  // Issue 14: the hooks decide by the route the router matched, so an encoded or doubled
  // path cannot slip past them to a handler.
  it('refuses a state-changing call without X-App-Package however its path is spelled', async () => {
    for (const url of [
      '/api/login.php',
      '/%61pi/login.php',
      '/api/%6Cogin.php',
      '//api/login.php',
      '/api/./login.php',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: 'someone@example.com', password: 'not-the-password' },
      });
      // Either the router does not know the spelling (404) or the rule applies (403): never the login.
      expect([403, 404], url).toContain(res.statusCode);
      if (res.statusCode === 403) expect(res.json().error.code, url).toBe('missing_app_package');
    }
  });

  it('lists every call in /api/openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const calls = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    for (const call of [
      'GET /api/user.php',
      'POST /api/login.php',
      'GET /api/logout.php',
      'GET /api/settings.php',
      'GET /api/companyinfo.php',
      'GET /api/regions.php',
      'GET /api/profile_fields.php',
      'GET /api/interests.php',
      'GET /api/profile.php',
      'GET /api/health',
      // The providers' webhooks exist in every mode, whatever PAYMENT_PROVIDER says.
      'POST /api/payments/mollie-webhook.php',
      'POST /api/payments/stripe-webhook.php',
      'GET /api/sessions.php',
      'DELETE /api/sessions.php',
      'GET /api/discountcode.php',
      'POST /api/discountcode.php',
    ]) {
      expect(calls).toContain(call);
    }
    expect(doc.paths['/api/login.php'].post.requestBody).toBeDefined();
  });

  it('answers the providers’ webhooks without their provider configured, changing nothing', async () => {
    const mollie = await t.app.inject({
      method: 'POST',
      url: '/api/payments/mollie-webhook.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=tr_WDqYK6vllg',
    });
    expect(mollie.statusCode).toBe(200);
    const stripe = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe-webhook.php',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
    });
    expect(stripe.statusCode).toBe(400);
    expect(await t.db.selectFrom('payment_events').select('id').execute()).toEqual([]);
  });
});

describe('per-address call limit', () => {
  it('answers 429 past the limit, and RATE_LIMIT=off lifts it', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const codes = [];
      for (let i = 0; i < 7; i++)
        codes.push(
          (await limited.app.inject({ method: 'GET', url: '/api/interests.php' })).statusCode,
        );
      expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(codes[6]).toBe(429);
      const res = await limited.app.inject({ method: 'GET', url: '/api/interests.php' });
      expect(res.json().error.code).toBe('rate_limited');
      // An encoded spelling of the same call is the same call, and counts against the same limit.
      const encoded = await limited.app.inject({ method: 'GET', url: '/%61pi/interests.php' });
      expect(encoded.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
    const open = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT: 'off' });
    try {
      for (let i = 0; i < 8; i++)
        expect(
          (await open.app.inject({ method: 'GET', url: '/api/interests.php' })).statusCode,
        ).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('behind one proxy (TRUST_PROXY=1), counts the address that proxy saw, not what the client wrote', async () => {
    const proxied = await createTestApp({
      RATE_LIMIT_PER_MINUTE: '2',
      TRUST_PROXY: '1',
      MODE: 'demo',
    });
    try {
      const call = (forwardedFor: string) =>
        proxied.app.inject({
          method: 'GET',
          url: '/api/interests.php',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      // The proxy appends the peer it saw (5.6.7.8); whatever the client put before it is its
      // own word. Another client behind the same proxy (6.6.6.6) has its own count.
      const statuses = [];
      for (const forwardedFor of [
        '1.2.3.4, 5.6.7.8',
        '9.9.9.9, 5.6.7.8',
        '127.0.0.1, 5.6.7.8',
        '1.2.3.4, 6.6.6.6',
      ])
        statuses.push((await call(forwardedFor)).statusCode);
      expect(statuses).toEqual([200, 200, 429, 200]);
    } finally {
      await proxied.close();
    }
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 address', async () => {
    const proxied = await createTestApp({
      RATE_LIMIT_PER_MINUTE: '2',
      TRUST_PROXY: '1',
      MODE: 'demo',
    });
    try {
      const statusFrom = async (client: string) =>
        (
          await proxied.app.inject({
            method: 'GET',
            url: '/api/interests.php',
            headers: { 'x-forwarded-for': client },
          })
        ).statusCode;
      const statuses = [];
      for (const client of [
        '2001:db8:1:1::1',
        '2001:db8:1:1::2',
        '2001:db8:1:1:abcd:ef01:2345:6789', // the same /64: its third call
        '2001:db8:1:2::1', // the next /64 has its own count
        '::ffff:198.51.100.7',
        '198.51.100.7',
        '::ffff:198.51.100.7', // the same IPv4 client: its third call
      ])
        statuses.push(await statusFrom(client));
      expect(statuses).toEqual([200, 200, 429, 200, 200, 200, 429]);
    } finally {
      await proxied.close();
    }
  });
});
