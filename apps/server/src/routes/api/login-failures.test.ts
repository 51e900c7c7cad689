import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ATTACK_FAILURES_PER_HOUR } from '../../modules/auth/password-attempts.js';
import { createMember } from '../../test/factories.js';
import {
  Client,
  createMailingTestApp,
  freshIp,
  type SmtpSink,
  type TestApp,
} from '../../test/test-app.js';

// Small limits, and a short wait for accounts under attack: the test measures that the
// wait is applied, not that it lasts 2 s.
const MAX = 3;
const PER_ADDRESS = 5;
const DELAY_MS = 300;

let t: TestApp;
let sink: SmtpSink;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, sink, close } = await createMailingTestApp({
    LOGIN_FAILURES_MAX: String(MAX),
    LOGIN_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
    LOGIN_FAILURES_DELAY_MS: String(DELAY_MS),
    PUBLIC_URL: 'https://amora.example',
  }));
});
afterAll(() => close?.());

const login = (email: string, password: string, ip: string, client = new Client(t.app)) =>
  client.call({
    method: 'POST',
    url: '/api/login.php',
    payload: { email, password },
    remoteAddress: ip,
  });

let ghosts = 0;
/** An e-mail address without an account: it counts like any other. */
const ghost = () => `ghost-${Date.now()}-${++ghosts}@example.org`;

let nets = 0;
/** A /64 of its own per call (documentation range 2001:db8::/32). */
const freshNet = () => `2001:db8:${(++nets).toString(16)}:1`;

describe('failed logins per account and client address', () => {
  it('refuses the address that failed on an account, while the owner logs in from elsewhere', async () => {
    const m = await createMember(t.db);
    const attacker = freshIp();
    for (let i = 0; i < MAX; i++) {
      expect((await login(m.email, `wrong-${i}`, attacker)).statusCode).toBe(401);
    }
    const refused = await login(m.email, m.password, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'rate_limited', message: expect.any(String) },
    });

    expect((await login(m.email, m.password, freshIp())).statusCode).toBe(200);
    // The owner's login elsewhere clears nothing of the attacker's count.
    expect((await login(m.email, m.password, attacker)).statusCode).toBe(429);
    // The attacker's address may still try another account (under its per-address limit).
    const other = await createMember(t.db);
    expect((await login(other.email, other.password, attacker)).statusCode).toBe(200);
  });

  it('clears an address’s failures on an account once it gives the right password', async () => {
    const m = await createMember(t.db);
    const ip = freshIp();
    for (let i = 0; i < MAX - 1; i++) {
      expect((await login(m.email, 'wrong', ip)).statusCode).toBe(401);
    }
    expect((await login(m.email, m.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < MAX - 1; i++) {
      expect((await login(m.email, 'wrong', ip)).statusCode).toBe(401);
    }
    expect((await login(m.email, m.password, ip)).statusCode).toBe(200);
  });

  it('refuses an address that failed on LOGIN_FAILURES_PER_ADDRESS accounts', async () => {
    const sprayer = freshIp();
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await login(ghost(), 'Summer2026!', sprayer)).statusCode).toBe(401);
    }
    const m = await createMember(t.db);
    const refused = await login(m.email, m.password, sprayer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await login(m.email, m.password, freshIp())).statusCode).toBe(200);
  });

  it('counts a wrong password alike wherever it is checked', async () => {
    const m = await createMember(t.db);
    const client = new Client(t.app);
    expect((await login(m.email, m.password, freshIp(), client)).statusCode).toBe(200);
    const ip = freshIp();
    // One wrong password through each call that re-checks it (MAX is 3).
    const checks = [
      () =>
        client.call({
          method: 'POST',
          url: '/api/email-change.php',
          payload: { email: ghost(), password: 'not-my-password' },
          remoteAddress: ip,
        }),
      () =>
        client.call({
          method: 'PUT',
          url: '/api/password.php',
          payload: { current_password: 'not-my-password', new_password: 'a new password 1' },
          remoteAddress: ip,
        }),
      () =>
        client.call({
          method: 'DELETE',
          url: '/api/user.php',
          payload: { password: 'not-my-password' },
          remoteAddress: ip,
        }),
    ];
    for (const check of checks) {
      const res = await check();
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('wrong_password');
    }
    // Three wrong passwords from that address: the login form there is refused, and so is
    // the next check with the right password; from elsewhere the member logs in.
    expect((await login(m.email, m.password, ip)).statusCode).toBe(429);
    const again = await client.call({
      method: 'DELETE',
      url: '/api/user.php',
      payload: { password: m.password },
      remoteAddress: ip,
    });
    expect(again.statusCode).toBe(429);
    expect((await login(m.email, m.password, freshIp())).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 address', async () => {
    const m = await createMember(t.db);
    const net = freshNet();
    for (let i = 1; i <= MAX; i++) {
      expect((await login(m.email, 'wrong', `${net}::${i}`)).statusCode).toBe(401);
    }
    expect((await login(m.email, m.password, `${net}:ffff:ffff:ffff:ffff`)).statusCode).toBe(429);
    expect((await login(m.email, m.password, `${freshNet()}::1`)).statusCode).toBe(200);

    const v4 = freshIp();
    for (let i = 0; i < MAX; i++) {
      expect((await login(m.email, 'wrong', `::ffff:${v4}`)).statusCode).toBe(401);
    }
    expect((await login(m.email, m.password, v4)).statusCode).toBe(429);
    expect((await login(m.email, m.password, freshIp())).statusCode).toBe(200);
  });
});

describe('failed-password limits under parallel requests (issue 39)', () => {
  const statusesOf = (calls: Promise<{ statusCode: number }>[]) =>
    Promise.all(calls).then((all) => all.map((res) => res.statusCode).sort());
  const expectOnly = (statuses: number[], tried: number) => {
    expect(statuses.filter((status) => status === 401)).toHaveLength(tried);
    expect(statuses.filter((status) => status === 429)).toHaveLength(statuses.length - tried);
  };

  it('checks at most LOGIN_FAILURES_MAX of 50 wrong passwords sent at once to one account', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await createMember(t.db);
      const ip = freshIp();
      expectOnly(
        await statusesOf(Array.from({ length: 50 }, (_, i) => login(m.email, `wrong-${i}`, ip))),
        MAX,
      );
      // The right password from that address is refused too; from elsewhere it passes.
      expect((await login(m.email, m.password, ip)).statusCode).toBe(429);
      expect((await login(m.email, m.password, freshIp())).statusCode).toBe(200);
    }
  });

  it('checks at most LOGIN_FAILURES_PER_ADDRESS of 50 accounts tried at once from one address', async () => {
    for (let round = 0; round < 3; round++) {
      const ip = freshIp();
      expectOnly(
        await statusesOf(Array.from({ length: 50 }, () => login(ghost(), 'Summer2026!', ip))),
        PER_ADDRESS,
      );
    }
  });
});

describe('an account under attack', () => {
  /** Failures on `account` from as many addresses, within the last hour (an attack's traces). */
  const seedFailures = (account: string, count: number) =>
    t.db
      .insertInto('login_failures')
      .values(Array.from({ length: count }, () => ({ account, address: freshIp() })))
      .execute();
  const alertsQueued = async (memberId: number) =>
    (
      await t.db
        .selectFrom('outbox')
        .select('payload')
        .where('member_id', '=', memberId)
        .where(sql<boolean>`payload->>'template' = 'failed_logins_alert'`)
        .execute()
    ).length;
  const timedLogin = async (email: string, password: string) => {
    const start = performance.now();
    const res = await login(email, password, freshIp());
    return { status: res.statusCode, ms: performance.now() - start };
  };

  it(`makes every attempt wait once ${ACCOUNT_ATTACK_FAILURES_PER_HOUR} failures were counted within an hour, and mails the owner once a day`, async () => {
    const m = await createMember(t.db, { name: 'Greta', language: 'de' });
    await seedFailures(m.email, ACCOUNT_ATTACK_FAILURES_PER_HOUR - 1);
    expect((await login(m.email, 'wrong', freshIp())).statusCode).toBe(401);
    expect(await alertsQueued(m.id)).toBe(0);

    // The 100th failure is counted: from now on every attempt waits, the owner's too.
    const right = await timedLogin(m.email, m.password);
    expect(right.status).toBe(200);
    expect(right.ms).toBeGreaterThanOrEqual(DELAY_MS);
    const wrong = await timedLogin(m.email, 'wrong');
    expect(wrong.status).toBe(401);
    expect(wrong.ms).toBeGreaterThanOrEqual(DELAY_MS);

    const [mail] = await sink.waitForMailsTo(m.email);
    expect(mail?.subject).toContain('Jemand versucht, in dein Konto bei');
    expect(mail?.text).toContain('Hallo Greta,');
    expect(mail?.text).toContain(`mehr als ${ACCOUNT_ATTACK_FAILURES_PER_HOUR}-mal`);
    expect(mail?.text).toContain('https://amora.example/reset-password');
    // One mail however many attempts follow that day.
    expect(await alertsQueued(m.id)).toBe(1);

    // A day later the owner is told again.
    await t.db
      .updateTable('login_failure_alerts')
      .set({ sent_at: sql`now() - interval '25 hours'` })
      .where('member_id', '=', m.id)
      .execute();
    expect((await login(m.email, 'wrong', freshIp())).statusCode).toBe(401);
    expect(await alertsQueued(m.id)).toBe(2);
    await sink.waitForMailsTo(m.email, 2);
  });

  it('queues one mail when attempts arrive at once (several instances, one database)', async () => {
    const m = await createMember(t.db);
    await seedFailures(m.email, ACCOUNT_ATTACK_FAILURES_PER_HOUR);
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => login(m.email, 'wrong', freshIp()).then((r) => r.statusCode)),
    );
    expect(statuses).toEqual(Array(6).fill(401));
    expect(await alertsQueued(m.id)).toBe(1);
  });

  it('makes attempts on an unknown address wait alike, so the wait tells nothing', async () => {
    const email = ghost();
    await seedFailures(email, ACCOUNT_ATTACK_FAILURES_PER_HOUR);
    const attempt = await timedLogin(email, 'wrong');
    expect(attempt.status).toBe(401);
    expect(attempt.ms).toBeGreaterThanOrEqual(DELAY_MS);
  });
});
