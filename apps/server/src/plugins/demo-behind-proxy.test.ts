import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../test/factories.js';
import { Client, createTestApp, type TestApp } from '../test/test-app.js';

/** What a reverse proxy or load balancer adds, one at a time. */
const PROXY_HEADERS = [
  { forwarded: 'for=203.0.113.7;proto=https' },
  { 'x-forwarded-for': '203.0.113.7' },
  { 'x-forwarded-host': 'amora.example' },
  { 'x-forwarded-proto': 'https' },
  { 'x-real-ip': '203.0.113.7' },
  { via: '1.1 nginx' },
];

describe('a demo nobody chose (MODE unset on a loopback HOST), reached through a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ HOST: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('answers the API with 403 demo_not_behind_proxy, so a published demo login gets nowhere', async () => {
    const admin = await createMember(t.db);
    for (const headers of PROXY_HEADERS) {
      const login = await new Client(t.app).call({
        method: 'POST',
        url: '/api/login.php',
        payload: { email: admin.email, password: admin.password },
        headers,
      });
      expect(login.statusCode, JSON.stringify(headers)).toBe(403);
      expect(login.json()).toEqual({
        error: { code: 'demo_not_behind_proxy', message: expect.stringContaining('MODE=') },
      });
      expect(login.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers a page, and the free checkout, with a short page naming both settings, in the visitor’s language', async () => {
    for (const url of ['/', '/login', '/_pay/demo?order=1', '/assets/app.js']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-for': '203.0.113.7', 'accept-language': 'de-DE,de;q=0.9' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<html lang="de">');
      expect(res.body).toContain('Diese Website ist noch nicht für Besucher geöffnet');
      expect(res.body).toContain('<code>MODE=production</code>');
      expect(res.body).toContain('<code>MODE=demo</code>');
    }
    const english = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { via: '1.1 nginx', 'accept-language': 'en' },
    });
    expect(english.body).toContain('This site is not open to visitors yet');
  });

  it('answers the health check as usual, and /_dev with 404', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-for': '10.0.0.2', via: '1.1 lb' },
    });
    expect(health.statusCode).toBe(200);
    for (const url of ['/_dev', '/_dev/mailbox', '/_dev/dialogs']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-real-ip': '1.2.3.4' } });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('serves the developer on this machine, who comes without a proxy', async () => {
    const admin = await createMember(t.db);
    const login = await new Client(t.app).call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: admin.email, password: admin.password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('an explicit mode behind a proxy', () => {
  it.each([
    ['demo', {}, true],
    [
      'production',
      { SMTP_URL: 'smtp://127.0.0.1:2525', SECRET_KEY: 'production-secret-key-0123456789abcdef' },
      false,
    ],
  ] as const)('MODE=%s serves visitors through the proxy, on purpose', async (mode, env, demo) => {
    const t = await createTestApp({ HOST: '127.0.0.1', MODE: mode, ...env });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/settings.php',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().demo).toBe(demo);
    } finally {
      await t.close();
    }
  });
});
