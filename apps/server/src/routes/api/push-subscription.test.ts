import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUSH_SERVICE_HOSTS: 'push.example.net' });
});
afterAll(() => t.close());

async function loggedIn() {
  const m = await logInNewMember(t);
  return { m, client: m.client };
}

let counter = 0;
/** A subscription as the browser's PushManager serialises it. */
const subscription = (endpoint = `https://push.example.net/send/${++counter}-${Date.now()}`) => ({
  endpoint,
  expirationTime: null,
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

const attach = (client: Client, body: unknown) =>
  client.call({
    method: 'POST',
    url: '/api/user.php?push=1',
    payload: body as Record<string, unknown>,
  });

const rowsFor = (endpoint: string) =>
  t.db
    .selectFrom('push_subscriptions')
    .select(['member_id', 'p256dh', 'auth'])
    .where('endpoint', '=', endpoint)
    .execute();

describe('POST /api/user.php?push=1', () => {
  it('attaches the subscription to the logged-in member', async () => {
    const { m, client } = await loggedIn();
    const sub = subscription();
    const res = await attach(client, { subscription: sub });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await rowsFor(sub.endpoint)).toEqual([
      { member_id: m.id, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
    ]);
  });

  it('is idempotent and takes the newest keys', async () => {
    const { m, client } = await loggedIn();
    const sub = subscription();
    await attach(client, { subscription: sub });
    const renewed = { ...sub, keys: { ...sub.keys, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } };
    expect((await attach(client, { subscription: renewed })).statusCode).toBe(200);
    expect(await rowsFor(sub.endpoint)).toEqual([
      { member_id: m.id, p256dh: sub.keys.p256dh, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    ]);
  });

  it('moves an endpoint of another member to the one logged in now', async () => {
    const first = await loggedIn();
    const second = await loggedIn();
    const sub = subscription();
    await attach(first.client, { subscription: sub });
    await t.db
      .updateTable('push_subscriptions')
      .set({ last_success_at: new Date() })
      .where('endpoint', '=', sub.endpoint)
      .execute();
    expect((await attach(second.client, { subscription: sub })).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('push_subscriptions')
      .select(['member_id', 'last_success_at'])
      .where('endpoint', '=', sub.endpoint)
      .execute();
    expect(rows).toEqual([{ member_id: second.m.id, last_success_at: null }]);
  });

  it('keeps several browsers of one member', async () => {
    const { m, client } = await loggedIn();
    await attach(client, { subscription: subscription() });
    await attach(client, { subscription: subscription() });
    const rows = await t.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('answers 403 when nobody is logged in, storing nothing', async () => {
    const sub = subscription();
    const res = await attach(new Client(t.app), { subscription: sub });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_logged_in');
    expect(await rowsFor(sub.endpoint)).toEqual([]);
  });

  it('refuses a malformed subscription with 400', async () => {
    const { client } = await loggedIn();
    for (const body of [
      {},
      { subscription: { ...subscription(), endpoint: 'http://push.example.net/plain-http' } },
      { subscription: { ...subscription(), endpoint: 'not a url' } },
      { subscription: { endpoint: subscription().endpoint } },
      { subscription: { ...subscription(), keys: { p256dh: 'short', auth: 'x' } } },
    ]) {
      const res = await attach(client, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
  });

  it('refuses endpoints that are not a known push service, so the server posts nowhere else', async () => {
    const { client } = await loggedIn();
    for (const endpoint of [
      'https://10.0.0.1/internal',
      'https://evil.example/push',
      'https://push.example.net.evil.example/x',
    ]) {
      const res = await attach(client, { subscription: { ...subscription(), endpoint } });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.code).toBe('push_service_not_allowed');
      expect(await rowsFor(endpoint)).toEqual([]);
    }
    const sub = subscription('https://eu.push.example.net/send/abc');
    expect((await attach(client, { subscription: sub })).statusCode).toBe(200);
  });

  it('answers 400 unknown_action with both flags', async () => {
    const { client } = await loggedIn();
    const res = await client.call({
      method: 'POST',
      url: '/api/user.php?push=1&new=1',
      payload: { subscription: subscription() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('unknown_action');
  });

  it('goes away with the member', async () => {
    const { m, client } = await loggedIn();
    const sub = subscription();
    await attach(client, { subscription: sub });
    await t.db.deleteFrom('members').where('id', '=', m.id).execute();
    expect(await rowsFor(sub.endpoint)).toEqual([]);
  });
});
