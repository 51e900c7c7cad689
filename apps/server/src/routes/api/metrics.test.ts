import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoScreeningDuration } from '../../lib/metrics.js';
import { startMetricsListener } from '../../lib/metrics-listener.js';
import { timed } from '../../modules/jobs/timed-handler.js';
import { notifyMembers } from '../../modules/live/live-notify.js';
import { applyPaymentReport } from '../../modules/payments/payment-events.service.js';
import { listening, openLive, until } from '../../test/live-socket.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let metrics: Server;
beforeAll(async () => {
  t = await createTestApp();
  metrics = await startMetricsListener({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await new Promise((done) => metrics?.close(done));
  await t?.close();
});

async function scrape(): Promise<string> {
  const { port } = metrics.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
}

/** The value of one sample line (`name{labels} value`), summed over lines that match. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  let found = false;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    found = true;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  if (!found) throw new Error(`no sample of ${name} ${JSON.stringify(labels)}`);
  return sum;
}

describe('the Prometheus metrics', () => {
  it('are served only on their own listener: the public port answers 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('amora_http_request_duration_seconds');
  });

  it('show every series moving after traffic, with no member data in any label', async () => {
    const before = await scrape();
    const member = await logInNewMember(t);
    const other = await logInNewMember(t);
    // A wrong password, a member's own path (its id is in it), a live tab and a notice to it.
    const wrong = await new Client(t.app).call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: member.email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    await member.client.call({ method: 'GET', url: `/api/profile.php?id=${other.id}` });
    const base = await listening(t.app);
    const live = await openLive(base, member.client.sessionCookie);
    await notifyMembers(t.db, [member.id], { type: 'chats' });
    await until(() => live.received.length > 0, 'the live notice');
    // A job due a minute ago that no worker takes, and a payment report naming no order.
    await t.db
      .insertInto('outbox')
      .values({
        kind: 'push',
        member_id: member.id,
        payload: JSON.stringify({}),
        run_after: sql`now() - interval '60 seconds'`,
      } as never)
      .execute();
    await applyPaymentReport(
      t.db,
      {
        provider: 'demo',
        eventId: `evt-${Date.now()}`,
        type: 'paid',
        outcome: 'paid',
        providerRef: 'nope',
        live: true,
      },
      { mode: 'demo', log: { info() {}, warn() {} } },
    );
    await timed({ run: async () => ({ kind: 'done' }) as never }, photoScreeningDuration).run(
      {} as never,
    );

    const after = await scrape();
    const count = (text: string) =>
      value(text, 'amora_http_request_duration_seconds_count', {
        route: '/api/profile.php',
        method: 'GET',
      });
    expect(count(after)).toBeGreaterThan(
      before.includes('route="/api/profile.php"') ? count(before) : 0,
    );
    expect(value(after, 'amora_live_connections')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'amora_live_lag_seconds_count')).toBeGreaterThan(
      value(before, 'amora_live_lag_seconds_count'),
    );
    expect(value(after, 'amora_jobs_waiting', { kind: 'push' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'amora_jobs_oldest_age_seconds', { kind: 'push' })).toBeGreaterThanOrEqual(
      59,
    );
    expect(value(after, 'amora_login_failures_total')).toBeGreaterThan(
      value(before, 'amora_login_failures_total'),
    );
    expect(
      value(after, 'amora_payment_events_total', { outcome: 'unknown_order' }),
    ).toBeGreaterThanOrEqual(1);
    expect(value(after, 'amora_photo_screening_duration_seconds_count')).toBeGreaterThan(
      value(before, 'amora_photo_screening_duration_seconds_count'),
    );
    expect(value(after, 'amora_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(value(after, 'amora_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    expect(value(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    // Every label value is a fixed word or a route pattern: no id, address or session.
    // (`le` is a histogram's bucket bound, and node's version numbers are no member's.)
    const labelValues = [...after.matchAll(/(\w+)="([^"]*)"/g)]
      .filter((m) => !['le', 'version', 'major', 'minor', 'patch'].includes(m[1] ?? ''))
      .map((m) => m[2] ?? '');
    const session = member.client.sessionCookie?.split('=')[1] ?? '';
    const memberData = [member, other].flatMap((m) => [String(m.id), m.email, m.name]);
    for (const v of labelValues) {
      for (const data of [...memberData, session]) {
        expect(v === data || (data.length > 3 && v.includes(data)), `${v} holds ${data}`).toBe(
          false,
        );
      }
      expect(v).not.toMatch(/@|\?|=\d/);
    }
    live.socket.close();
  });
});
