import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueMemberToken } from '../../modules/tokens/member-token.js';
import { createMember } from '../../test/factories.js';
import {
  Client,
  createMailingTestApp,
  freshIp,
  logInNewMember,
  type SmtpSink,
  type TestApp,
} from '../../test/test-app.js';

const PUBLIC_URL = 'https://amora.example';
const NEW_PASSWORD = 'a brand new secret';
/** Failed logins allowed on one account here: low, so the limit test stays short. */
const LOGIN_FAILURES_MAX = 4;

let sink: SmtpSink;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, sink, close } = await createMailingTestApp({
    PUBLIC_URL,
    LOGIN_FAILURES_MAX: String(LOGIN_FAILURES_MAX),
  }));
});
afterAll(() => close?.());

const requestReset = (email: string, remoteAddress = freshIp()) =>
  new Client(t.app).call({
    method: 'POST',
    url: '/api/password-reset.php',
    payload: { email },
    remoteAddress,
  });

const checkToken = (token: string) =>
  new Client(t.app).call({
    method: 'GET',
    url: `/api/password-reset.php?token=${encodeURIComponent(token)}`,
  });

const reset = (client: Client, token: string, password = NEW_PASSWORD) =>
  client.call({ method: 'PUT', url: '/api/password-reset.php', payload: { token, password } });

const login = (email: string, password: string) =>
  new Client(t.app).call({ method: 'POST', url: '/api/login.php', payload: { email, password } });

const whoAmI = (client: Client) => client.call({ method: 'GET', url: '/api/user.php' });

const mailsTo = (email: string) => sink.mails.filter((m) => m.to.includes(email));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Asks for a reset and answers the link of the mail that arrives (the nth one to the address). */
async function resetLink(email: string) {
  const before = mailsTo(email).length;
  expect((await requestReset(email)).json()).toEqual({ ok: true });
  await until(() => mailsTo(email).length > before);
  const mail = mailsTo(email).at(-1)!;
  const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no link in the mail to ${email}`);
  const url = new URL(link);
  return { mail, url, token: url.searchParams.get('token')! };
}

const queuedFor = async (memberId: number) =>
  t.db.selectFrom('outbox').select('payload').where('member_id', '=', memberId).execute();

describe('POST /api/password-reset.php (asking for a link)', () => {
  it('answers the same for a member, an unknown, a deleted and a banned address', async () => {
    const known = await createMember(t.db);
    const deleted = await createMember(t.db, { status: 'deleted' });
    const banned = await createMember(t.db, { status: 'banned' });
    const answers = [];
    for (const email of [known.email, 'nobody-here@example.com', deleted.email, banned.email]) {
      const res = await requestReset(email);
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 200, body: { ok: true } });

    expect(await queuedFor(known.id)).toHaveLength(1);
    expect(await queuedFor(deleted.id)).toHaveLength(0);
    expect(await queuedFor(banned.id)).toHaveLength(0);
    const unknown = await t.db
      .selectFrom('outbox')
      .select('id')
      .where(sql<string>`payload->>'to'`, '=', 'nobody-here@example.com')
      .execute();
    expect(unknown).toHaveLength(0);
  });

  it('mails a working absolute link in the member’s language, and matches the address loosely', async () => {
    const m = await createMember(t.db, { name: 'Lena' });
    await t.db
      .updateTable('profiles')
      .set({ language: 'de' })
      .where('member_id', '=', m.id)
      .execute();
    const before = mailsTo(m.email).length;
    expect((await requestReset(`  ${m.email.toUpperCase()} `)).statusCode).toBe(200);
    await until(() => mailsTo(m.email).length > before);
    const mail = mailsTo(m.email).at(-1)!;
    expect(mail.subject).toBe('Setze dein Passwort bei Amora zurück');
    expect(mail.text).toContain('Hallo Lena,');
    expect(mail.text).toContain('2 Stunden');
    const url = new URL(/https?:\/\/\S+/.exec(mail.text!)![0]);
    expect(url.origin).toBe(PUBLIC_URL);
    expect(url.pathname).toBe('/reset-password/do');
    expect(mail.html).toContain(url.href.replaceAll('&', '&amp;'));
    expect((await checkToken(url.searchParams.get('token')!)).json()).toEqual({ valid: true });
  });

  it('refuses a malformed address with the error format', async () => {
    const res = await requestReset('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
  });

  it('needs the app header, like every state-changing call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      payload: { email: 'someone@example.com' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('limits requests per address, known or not', async () => {
    const m = await createMember(t.db);
    for (const email of [m.email, 'also-nobody@example.com']) {
      for (let i = 0; i < 5; i++) expect((await requestReset(email)).statusCode).toBe(200);
      const limited = await requestReset(email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('rate_limited');
      expect(typeof limited.json().error.message).toBe('string');
    }
    expect(await queuedFor(m.id)).toHaveLength(5);
  });

  it('limits requests per IP address, an IPv6 client per /64', async () => {
    // Every request from another address of one /64: they count as one client.
    for (let i = 0; i < 20; i++) {
      const ip = `2001:db8:9:1::${(i + 1).toString(16)}`;
      expect((await requestReset(`ip-limit-${i}@example.com`, ip)).statusCode).toBe(200);
    }
    const limited = await requestReset('ip-limit-last@example.com', '2001:db8:9:1:ffff::1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await requestReset('ip-limit-last@example.com', '2001:db8:9:2::1')).statusCode).toBe(
      200,
    );
    expect((await requestReset('ip-limit-last@example.com')).statusCode).toBe(200);
  });
});

describe('GET and PUT /api/password-reset.php (using the link)', () => {
  it('sets the new password once, ends every session and logs this browser in', async () => {
    const m = await logInNewMember(t);
    const { token } = await resetLink(m.email);

    const browser = new Client(t.app);
    const res = await reset(browser, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: m.id, email: m.email });
    expect(res.json().user).not.toHaveProperty('password_hash');
    expect((await whoAmI(browser)).json().user.id).toBe(m.id);

    // The session that was open before the reset is over.
    expect((await whoAmI(m.client)).statusCode).toBe(403);
    expect((await login(m.email, m.password)).statusCode).toBe(401);
    expect((await login(m.email, NEW_PASSWORD)).statusCode).toBe(200);

    // Used up: the page is told at once, and a second try changes nothing.
    expect((await checkToken(token)).json()).toEqual({ valid: false });
    const again = await reset(new Client(t.app), token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
    expect((await login(m.email, NEW_PASSWORD)).statusCode).toBe(200);

    // The notice that the password changed follows.
    await until(() =>
      mailsTo(m.email).some((x) => x.subject === 'Your Amora password was changed'),
    );
  });

  it('makes an older link useless once a newer one is asked for', async () => {
    const m = await createMember(t.db);
    const first = await resetLink(m.email);
    const second = await resetLink(m.email);
    expect((await checkToken(first.token)).json()).toEqual({ valid: false });
    expect((await reset(new Client(t.app), first.token)).json().error.code).toBe('invalid_token');
    expect((await reset(new Client(t.app), second.token)).statusCode).toBe(200);
  });

  it('refuses expired, forged, malformed and activation tokens and changes nothing', async () => {
    const m = await createMember(t.db);
    const { token } = await resetLink(m.email);
    const activation = await issueMemberToken(t.db, m.id, 'activation', 48);
    const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    for (const bad of [forged, activation, 'not-a-token', '', 'x'.repeat(200)]) {
      expect((await checkToken(bad)).json(), bad).toEqual({ valid: false });
      const res = await reset(new Client(t.app), bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code, bad).toBe('invalid_token');
      expect(res.headers['set-cookie'], bad).toBeUndefined();
    }
    expect(
      (await new Client(t.app).call({ method: 'GET', url: '/api/password-reset.php' })).json(),
    ).toEqual({ valid: false });

    await t.db
      .updateTable('member_tokens')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('member_id', '=', m.id)
      .where('purpose', '=', 'password_reset')
      .execute();
    expect((await checkToken(token)).json()).toEqual({ valid: false });
    expect((await reset(new Client(t.app), token)).json().error.code).toBe('invalid_token');
    expect((await login(m.email, m.password)).statusCode).toBe(200);
    expect((await login(m.email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('refuses a short password and leaves the link usable', async () => {
    const m = await createMember(t.db);
    const { token } = await resetLink(m.email);
    const res = await reset(new Client(t.app), token, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_input' });
    expect(res.json().error.fields.password).toContain('at least 8');
    expect((await checkToken(token)).json()).toEqual({ valid: true });
    expect((await login(m.email, m.password)).statusCode).toBe(200);
  });

  it('activates a member who had not confirmed the address yet', async () => {
    const m = await createMember(t.db, { activated: false });
    const { token } = await resetLink(m.email);
    const res = await reset(new Client(t.app), token);
    expect(res.json().user.activated).toBe(true);
  });

  it('does not let a link work for an account banned after it was sent', async () => {
    const m = await createMember(t.db);
    const { token } = await resetLink(m.email);
    await t.db.updateTable('members').set({ status: 'banned' }).where('id', '=', m.id).execute();
    expect((await checkToken(token)).json()).toEqual({ valid: false });
    expect((await reset(new Client(t.app), token)).json().error.code).toBe('invalid_token');
  });
});

describe('PUT /api/password.php (changing the password)', () => {
  const change = (client: Client, current_password: string, new_password = NEW_PASSWORD) =>
    client.call({
      method: 'PUT',
      url: '/api/password.php',
      payload: { current_password, new_password },
    });

  it('answers 403 when nobody is logged in', async () => {
    const res = await change(new Client(t.app), 'whatever', NEW_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_logged_in');
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const m = await logInNewMember(t);
    const other = new Client(t.app);
    await other.call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: m.email, password: m.password },
    });
    expect((await whoAmI(other)).statusCode).toBe(200);

    const res = await change(m.client, m.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await whoAmI(m.client)).json().user.id).toBe(m.id);
    expect((await whoAmI(other)).statusCode).toBe(403);
    expect((await login(m.email, m.password)).statusCode).toBe(401);
    expect((await login(m.email, NEW_PASSWORD)).statusCode).toBe(200);
    await until(() =>
      mailsTo(m.email).some((x) => x.subject === 'Your Amora password was changed'),
    );
  });

  it('refuses a wrong current password and a short new one, changing nothing', async () => {
    const m = await logInNewMember(t);
    const wrong = await change(m.client, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_password');
    expect(wrong.json().error.fields).toHaveProperty('current_password');
    const short = await change(m.client, m.password, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toHaveProperty('new_password');
    expect((await login(m.email, m.password)).statusCode).toBe(200);
    expect((await whoAmI(m.client)).statusCode).toBe(200);
  });

  it('counts wrong current passwords as failed logins and stops guessing with 429', async () => {
    const m = await logInNewMember(t);
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) {
      expect((await change(m.client, `guess number ${i}`)).statusCode).toBe(400);
    }
    const limited = await change(m.client, m.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    // The same budget as the login form: that is locked now too.
    expect((await login(m.email, m.password)).statusCode).toBe(429);
  });

  it('lists the calls in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = res.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/password-reset.php', '/api/password.php']),
    );
    expect(Object.keys(paths['/api/password-reset.php'])).toEqual(
      expect.arrayContaining(['get', 'post', 'put']),
    );
  });
});
