import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, logInNewMember, type TestApp } from '../test/test-app.js';

const POLICY = 'geolocation=(self), camera=(self), microphone=(), payment=(), usb=()';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A web build of its own, so that static HTML files are served as a real build's are.
  webDist = mkdtempSync(join(tmpdir(), 'amora-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Amora</title><div id=root>');
  writeFileSync(join(webDist, 'offline.html'), '<!doctype html><title>Offline</title>');
  writeFileSync(join(webDist, 'assets', 'app-1234abcd.js'), 'console.log(1)');
  t = await createTestApp(
    { WEB_DIST: webDist, PAYMENT_PROVIDER: 'demo' },
    { outboxWorker: { pollIntervalMs: 20 } },
  );
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (client: Client, url: string) => client.call({ method: 'GET', url });

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('Permissions-Policy', () => {
  it('is on every HTML answer: the app, its 404 page and static HTML', async () => {
    const client = new Client(t.app);
    const answers = [
      [await get(client, '/'), 200],
      [await get(client, '/members/12'), 200],
      [await get(client, '/pages/faq'), 200],
      [await get(client, '/members/12/landing'), 200],
      [await get(client, '/no/such/page'), 404],
      [await get(client, '/offline.html'), 200],
      [await get(client, '/index.html'), 200],
    ] as const;
    for (const [res, status] of answers) {
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['permissions-policy']).toBe(POLICY);
    }
  });

  it('is on the dev mailbox, a mail shown there and the demo checkout', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    await member.client.call({
      method: 'POST',
      url: '/api/password-reset.php',
      payload: { email: member.email },
    });
    const mailId = await until(async () => {
      const row = await t.db
        .selectFrom('outbox')
        .select('id')
        .where('member_id', '=', member.id)
        .where('rendered', 'is not', null)
        .executeTakeFirst();
      return row?.id;
    });
    const placed = await member.client.call({
      method: 'POST',
      url: '/api/orders.php',
      payload: { product: 'credits-50', method: 'ideal', waive_withdrawal: true },
    });
    expect(placed.statusCode).toBe(200);

    for (const url of ['/_dev/mailbox', `/_dev/mailbox/${mailId}`, placed.json().redirect_url]) {
      const res = await get(member.client, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['permissions-policy'], url).toBe(POLICY);
    }
  });

  it('is left off answers that are not HTML', async () => {
    const client = new Client(t.app);
    for (const url of [
      '/api/settings.php',
      '/api/no-such-call.php',
      '/assets/app-1234abcd.js',
      '/manifest.webmanifest',
    ]) {
      const res = await get(client, url);
      expect(res.headers['content-type']).not.toMatch(/html/);
      expect(res.headers['permissions-policy'], url).toBeUndefined();
    }
  });
});
