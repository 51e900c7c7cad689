import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueActivation } from '../../modules/mail/activation.service.js';
import { createMember } from '../../test/factories.js';
import {
  Client,
  createTestApp,
  type SmtpSink,
  startSmtpSink,
  type TestApp,
} from '../../test/test-app.js';

const PUBLIC_URL = 'https://amora.example';

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function loggedInNewMember(app: TestApp, name = 'Sam', language = 'en') {
  const m = await createMember(app.db, { activated: false, name });
  await issueActivation(app.db, { id: m.id, email: m.email, name, language });
  const client = new Client(app.app);
  const login = await client.call({
    method: 'POST',
    url: '/api/login.php',
    payload: { email: m.email, password: m.password },
  });
  expect(login.statusCode).toBe(200);
  return { ...m, client };
}

const poll = (client: Client) => client.call({ method: 'GET', url: '/api/activate.php' });

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

/** The link from the newest mail to this address, as a path the app answers. */
function linkFor(email: string) {
  const mail = sink.mails.findLast((m) => m.to.includes(email));
  const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no mail with a link to ${email}`);
  return new URL(link);
}

const follow = (path: string) => new Client(t.app).call({ method: 'GET', url: path });

const activatedAt = async (db: TestApp['db'], id: number) =>
  (
    await db
      .selectFrom('members')
      .select('activated_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).activated_at;

describe('activation', () => {
  it('answers the poll with 403 when nobody is logged in', async () => {
    const res = await poll(new Client(t.app));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_logged_in');
  });

  it('reports delivered once the mail is sent, and the link activates once', async () => {
    const m = await loggedInNewMember(t, 'Lena', 'de');
    const before = await poll(m.client);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ delivered: false });

    const worker = t.startWorker({ pollIntervalMs: 20 });
    await until(async () => (await poll(m.client)).json().delivered === true);
    await worker.stop();

    const url = linkFor(m.email);
    expect(sink.mails.find((x) => x.to.includes(m.email))!.subject).toBe(
      'Aktiviere dein Konto bei Amora',
    );
    expect(url.origin).toBe(PUBLIC_URL);
    expect(url.pathname).toContain('activ');
    expect(await activatedAt(t.db, m.id)).toBeNull();

    const first = await follow(url.pathname + url.search);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/activate/done');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(await activatedAt(t.db, m.id)).toBeInstanceOf(Date);
    const user = await m.client.call({ method: 'GET', url: '/api/user.php' });
    expect(user.json().user.activated).toBe(true);

    const second = await follow(url.pathname + url.search);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('/activate/error');
  });

  it('sends forged, missing, malformed and expired tokens to /activate/error', async () => {
    const m = await loggedInNewMember(t);
    const worker = t.startWorker({ pollIntervalMs: 20 });
    await until(async () => (await poll(m.client)).json().delivered === true);
    await worker.stop();
    const url = linkFor(m.email);

    const forged = `${url.searchParams.get('token')!.slice(0, -4)}AAAA`;
    for (const path of [
      `/api/activation.php?token=${forged}`,
      '/api/activation.php?token=not-a-token',
      '/api/activation.php',
      '/api/activation.php?token=',
      `/api/activation.php?token=${'x'.repeat(5000)}`,
      '/api/activation.php?token=a&token=b',
    ]) {
      const res = await follow(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location, path).toBe('/activate/error');
    }

    await t.db
      .updateTable('member_tokens')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('member_id', '=', m.id)
      .execute();
    const expired = await follow(url.pathname + url.search);
    expect(expired.headers.location).toBe('/activate/error');
    expect(await activatedAt(t.db, m.id)).toBeNull();
  });

  it('does not activate a deleted account', async () => {
    const m = await createMember(t.db, { activated: false });
    await issueActivation(t.db, { id: m.id, email: m.email, name: 'Gone', language: 'en' });
    const worker = t.startWorker({ pollIntervalMs: 20 });
    await until(async () => sink.mails.some((x) => x.to.includes(m.email)));
    await worker.stop();
    await t.db.updateTable('members').set({ status: 'deleted' }).where('id', '=', m.id).execute();
    const url = linkFor(m.email);
    const res = await follow(url.pathname + url.search);
    expect(res.headers.location).toBe('/activate/error');
    expect(await activatedAt(t.db, m.id)).toBeNull();
  });

  it('lists both calls in OpenAPI, but not the development mailbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/activate.php', '/api/activation.php']));
    expect(paths.some((p) => p.startsWith('/_dev'))).toBe(false);
  });

  it('has no development mailbox when SMTP_URL is set', async () => {
    for (const url of ['/_dev/mailbox', '/_dev/mailbox/1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Development mailbox');
    }
  });
});

describe('development mailbox (no SMTP_URL)', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await createTestApp(
      // Explicit: an inferred demo refuses every request through a proxy before the mailbox does.
      { PUBLIC_URL, MODE: 'demo' },
      { outboxWorker: { pollIntervalMs: 20 } },
    );
  });
  afterAll(() => dev?.close());

  it('shows the mail, escaped, with its HTML part, and its link activates', async () => {
    const name = '<script>alert(1)</script>';
    const m = await loggedInNewMember(dev, name, 'pl');
    await until(async () => (await poll(m.client)).json().delivered === true);

    const page = await dev.app.inject({ method: 'GET', url: '/_dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(m.email);
    expect(page.body).toContain('Aktywuj swoje konto w serwisie Amora');
    expect(page.body).toContain('<dd class="status">sent</dd>');
    // Nobody has confirmed the address yet: the name stays out of the mail (issue 42).
    expect(page.body).toContain('Cześć!');
    expect(page.body).not.toContain('alert(1)');
    expect(page.body).not.toContain('<script>');

    const row = await dev.db
      .selectFrom('outbox')
      .select('id')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(page.body).toContain(`href="/_dev/mailbox/${row.id}"`);
    const html = await dev.app.inject({ method: 'GET', url: `/_dev/mailbox/${row.id}` });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<html lang="pl"');
    expect(html.body).not.toContain('<script>');
    expect(html.headers['content-security-policy']).toContain('sandbox');

    const link = new URL(
      /href="(https:\/\/amora\.example\/[^"]+)"/.exec(page.body)![1]!.replace(/&amp;/g, '&'),
    );
    const res = await new Client(dev.app).call({ method: 'GET', url: link.pathname + link.search });
    expect(res.headers.location).toBe('/activate/done');
    expect(await activatedAt(dev.db, m.id)).toBeInstanceOf(Date);

    for (const url of ['/_dev/mailbox/999999', '/_dev/mailbox/abc']) {
      expect((await dev.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  // Issue 14: a proxy on this machine makes every visitor's peer address loopback.
  it('is not shown through a proxy or under a public host name', async () => {
    for (const headers of [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-host': 'localhost' },
      { 'x-real-ip': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { via: '1.1 nginx' },
      { host: 'amora.example' },
    ]) {
      const res = await dev.app.inject({ method: 'GET', url: '/_dev/mailbox', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.body).not.toContain('Development mailbox');
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      const res = await dev.app.inject({ method: 'GET', url: '/_dev/mailbox', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
  });
});

describe('POST /api/activate.php (a new activation mail)', () => {
  const resend = (client: Client) =>
    client.call({ method: 'POST', url: '/api/activate.php', payload: {} });
  const queued = async (id: number) =>
    (await t.db.selectFrom('outbox').select('id').where('member_id', '=', id).execute()).length;

  it('queues a new mail, at most three an hour, and a new link works', async () => {
    const m = await loggedInNewMember(t, 'Ria');
    const before = await queued(m.id);
    for (let i = 0; i < 3; i++) expect((await resend(m.client)).json()).toEqual({ ok: true });
    expect(await queued(m.id)).toBe(before + 3);
    const limited = await resend(m.client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(await queued(m.id)).toBe(before + 3);
  });

  it('refuses an activated member and a visitor', async () => {
    const m = await createMember(t.db);
    const client = new Client(t.app);
    await client.call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: m.email, password: m.password },
    });
    const done = await resend(client);
    expect(done.statusCode).toBe(409);
    expect(done.json().error.code).toBe('already_activated');
    expect((await resend(new Client(t.app))).statusCode).toBe(403);
  });
});
