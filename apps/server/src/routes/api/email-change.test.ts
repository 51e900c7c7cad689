import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueActivation } from '../../modules/mail/activation.service.js';
import { issueMemberToken } from '../../modules/tokens/member-token.js';
import { createMember } from '../../test/factories.js';
import {
  Client,
  createMailingTestApp,
  freshIp,
  logInNewMember,
  type ReceivedMail,
  type SmtpSink,
  type TestApp,
} from '../../test/test-app.js';

const PUBLIC_URL = 'https://amora.example';
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

let counter = 0;
/** A fresh address nobody has, so tests do not meet each other's accounts and limits. */
const freshEmail = (label = 'new') => `${label}.${Date.now()}.${++counter}@example.org`;

/** Each request comes from its own IP address unless told, so only the limit under test bites. */
const requestChange = (client: Client, email: string, password: string, ip = freshIp()) =>
  client.call({
    method: 'POST',
    url: '/api/email-change.php',
    payload: { email, password },
    remoteAddress: ip,
  });
const put = (client: Client, payload: Record<string, unknown>) =>
  client.call({ method: 'PUT', url: '/api/email-change.php', payload });
const logIn = (email: string, password: string, ip?: string) =>
  new Client(t.app).call({
    method: 'POST',
    url: '/api/login.php',
    payload: { email, password },
    ...(ip && { remoteAddress: ip }),
  });
const whoAmI = (client: Client) => client.call({ method: 'GET', url: '/api/user.php' });

/** Waits for the `nth` (1-based) mail to an address and answers it. */
async function mailTo(email: string, nth = 1, timeoutMs = 10_000): Promise<ReceivedMail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const mails = sink.mails.filter((m) => m.to.includes(email));
    if (mails.length >= nth) return mails[nth - 1]!;
    if (Date.now() > end) throw new Error(`expected ${nth} mails to ${email}, got ${mails.length}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The link in a mail's text part. */
function linkIn(mail: ReceivedMail): URL {
  const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return new URL(link);
}

/** Requests a change and answers the token of the confirmation mail to the new address. */
async function requestToken(
  m: Awaited<ReturnType<typeof logInNewMember>>,
  email: string,
  nth = 1,
): Promise<string> {
  const res = await requestChange(m.client, email, m.password);
  expect(res.statusCode, res.body).toBe(200);
  return linkIn(await mailTo(email, nth)).searchParams.get('token')!;
}

const emailOf = async (id: number) =>
  (await t.db.selectFrom('members').select('email').where('id', '=', id).executeTakeFirstOrThrow())
    .email;

describe('POST /api/email-change.php (asking for a new address)', () => {
  it('mails a single-use link to the new address and changes nothing yet', async () => {
    const m = await logInNewMember(t, { name: 'Noor' });
    const next = freshEmail();
    // Typed with capitals and spaces: the address is kept lower-cased.
    const res = await requestChange(m.client, `  ${next.toUpperCase()} `, m.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, pending_email: next });

    const mail = await mailTo(next);
    expect(mail.subject).toBe('Confirm your new e-mail address for Amora');
    // Nobody has confirmed the new address yet: the greeting names nobody there.
    expect(mail.text?.split(/\r?\n/)[0]).toBe('Hi,');
    expect(mail.text).not.toContain('Noor');
    expect(mail.text).toContain(next);
    const link = linkIn(mail);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/mail-change/do');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    expect(mail.html).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`);
    // Nothing to the old address yet, and the account keeps it until the link is followed.
    expect(sink.mails.some((x) => x.to.includes(m.email))).toBe(false);
    expect(await emailOf(m.id)).toBe(m.email);
    expect((await whoAmI(m.client)).json().user.email).toBe(m.email);
  });

  it('writes the mail in the member’s language', async () => {
    const m = await logInNewMember(t, { name: 'Lena' });
    await t.db
      .updateTable('profiles')
      .set({ language: 'de' })
      .where('member_id', '=', m.id)
      .execute();
    const next = freshEmail();
    await requestToken(m, next);
    const mail = await mailTo(next);
    expect(mail.subject).toBe('Bestätige deine neue E-Mail-Adresse bei Amora');
    expect(mail.text).toContain('Neue Adresse bestätigen');
  });

  it('answers 403 to a visitor and to a call without the app header', async () => {
    const visitor = await requestChange(new Client(t.app), freshEmail(), 'whatever-password');
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('not_logged_in');
    const m = await logInNewMember(t);
    const next = freshEmail();
    const bare = await m.client.call({
      method: 'POST',
      url: '/api/email-change.php',
      payload: { email: next, password: m.password },
      headers: { 'x-app-package': '' },
    });
    expect(bare.statusCode).toBe(403);
    expect(sink.mails.some((x) => x.to.includes(next))).toBe(false);
  });

  it('refuses a wrong password, counted with failed logins of the account from that address', async () => {
    const m = await logInNewMember(t);
    const next = freshEmail();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) {
      const res = await requestChange(m.client, next, `wrong-${i}-password`, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('wrong_password');
      expect(res.json().error.fields).toHaveProperty('password');
    }
    // The limit is reached from that address: even the right password waits, and so does
    // the login form there. The owner elsewhere is not locked out.
    const limited = await requestChange(m.client, next, m.password, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await logIn(m.email, m.password, ip)).statusCode).toBe(429);
    expect((await logIn(m.email, m.password, freshIp())).statusCode).toBe(200);
    expect(await emailOf(m.id)).toBe(m.email);
    expect(sink.mails.some((x) => x.to.includes(next))).toBe(false);
  });

  it('refuses the current address, an address in use and a malformed one', async () => {
    const m = await logInNewMember(t);
    const same = await requestChange(m.client, m.email.toUpperCase(), m.password);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.code).toBe('same_email');

    const other = await createMember(t.db);
    const taken = await requestChange(m.client, other.email, m.password);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'email_taken',
      fields: { email: expect.any(String) },
    });

    const gone = await createMember(t.db, { status: 'deleted' });
    const deleted = await requestChange(m.client, gone.email, m.password);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.code).toBe('email_taken');

    for (const email of ['not-an-address', '', 'a@b']) {
      const bad = await requestChange(m.client, email, m.password);
      expect(bad.statusCode, email).toBe(400);
      expect(bad.json().error.code, email).toBe('invalid_input');
      expect(bad.json().error.fields, email).toHaveProperty('email');
    }
    expect(await emailOf(m.id)).toBe(m.email);
  });

  it('limits requests per member, and a new request voids the older link', async () => {
    const m = await logInNewMember(t);
    const first = freshEmail('first');
    const firstToken = await requestToken(m, first);
    const second = freshEmail('second');
    const secondToken = await requestToken(m, second);

    const old = await put(new Client(t.app), { token: firstToken });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('invalid_token');

    let last = '';
    for (let i = 0; i < 3; i++) {
      last = freshEmail();
      expect((await requestChange(m.client, last, m.password)).statusCode).toBe(200);
    }
    const refused = freshEmail();
    const limited = await requestChange(m.client, refused, m.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');

    // The newest link of all still works after the limit was reached.
    const ok = await put(new Client(t.app), {
      token: linkIn(await mailTo(last)).searchParams.get('token'),
    });
    expect(ok.json()).toEqual({ email: last });
    expect(sink.mails.some((x) => x.to.includes(refused))).toBe(false);
    expect((await put(new Client(t.app), { token: secondToken })).statusCode).toBe(400);
  });
});

describe('request limits', () => {
  it('apply per IP address, across members', async () => {
    const ip = '192.0.2.7';
    for (let member = 0; member < 4; member++) {
      const m = await logInNewMember(t);
      for (let i = 0; i < 5; i++) {
        const res = await requestChange(m.client, freshEmail(), m.password, ip);
        expect(res.statusCode).toBe(200);
      }
    }
    const m = await logInNewMember(t);
    const limited = await requestChange(m.client, freshEmail(), m.password, ip);
    expect(limited.statusCode).toBe(429);
    expect((await requestChange(m.client, freshEmail(), m.password)).statusCode).toBe(200);
  });

  it('apply per new address', async () => {
    const target = freshEmail('target');
    for (let i = 0; i < 3; i++) {
      const m = await logInNewMember(t);
      expect((await requestChange(m.client, target, m.password)).statusCode).toBe(200);
    }
    const m = await logInNewMember(t);
    expect((await requestChange(m.client, target, m.password)).statusCode).toBe(429);
  });
});

describe('PUT /api/email-change.php { token } (the link to the new address)', () => {
  it('changes the address; only the new one logs in; the old one gets a notice', async () => {
    const m = await logInNewMember(t, { name: 'Pim' });
    const next = freshEmail();
    const token = await requestToken(m, next);

    // Opened on another device, without a login.
    const res = await put(new Client(t.app), { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: next });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await emailOf(m.id)).toBe(next);

    expect((await logIn(next, m.password)).statusCode).toBe(200);
    const old = await logIn(m.email, m.password);
    expect(old.statusCode).toBe(401);

    const notice = await mailTo(m.email);
    expect(notice.subject).toBe('The e-mail address of your Amora account was changed');
    expect(notice.text).toContain('Hi Pim,');
    expect(notice.text).toContain(next);
    const undo = linkIn(notice);
    expect(undo.origin).toBe(PUBLIC_URL);
    expect(undo.pathname).toBe('/mail-change/do');
    expect(undo.searchParams.get('undo')).toMatch(/^[\w-]{43}$/);
    expect(notice.text).toContain('7 days');

    // Used once: the same link again changes nothing.
    const again = await put(new Client(t.app), { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
  });

  it('ends the other sessions, keeping the one that confirmed', async () => {
    const m = await logInNewMember(t);
    const phone = new Client(t.app);
    await phone.call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: m.email, password: m.password },
    });
    expect((await whoAmI(phone)).statusCode).toBe(200);
    const next = freshEmail();
    const token = await requestToken(m, next);

    const res = await put(m.client, { token });
    expect(res.statusCode).toBe(200);
    const me = await whoAmI(m.client);
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(next);
    expect((await whoAmI(phone)).statusCode).toBe(403);
  });

  it('ends every session when someone else confirms', async () => {
    const m = await logInNewMember(t);
    const token = await requestToken(m, freshEmail());
    const stranger = await logInNewMember(t);
    expect((await put(stranger.client, { token })).statusCode).toBe(200);
    expect((await whoAmI(m.client)).statusCode).toBe(403);
    // The caller's own session (of another member) is not touched.
    expect((await whoAmI(stranger.client)).json().user.id).toBe(stranger.id);
  });

  it('activates an account that was not activated yet', async () => {
    const m = await logInNewMember(t, { activated: false });
    // Requests of unactivated members change at once; a link from before activation was
    // mailed when the member was activated, so issue one by hand.
    const next = freshEmail();
    const token = await issueMemberToken(t.db, m.id, 'email_change', 24, { email: next });
    expect((await put(new Client(t.app), { token })).statusCode).toBe(200);
    const login = await logIn(next, m.password);
    expect(login.json().user).toMatchObject({ email: next, activated: true });
  });

  it('refuses forged, expired, wrong-purpose and malformed tokens', async () => {
    const m = await logInNewMember(t);
    const next = freshEmail();
    const token = await requestToken(m, next);
    const forged = `${token.slice(0, -4)}AAAA`;
    const activation = await issueMemberToken(t.db, m.id, 'activation', 24);
    const reset = await issueMemberToken(t.db, m.id, 'password_reset', 24, { email: next });
    const undo = await issueMemberToken(t.db, m.id, 'email_change_undo', 24, { email: next });
    for (const bad of [forged, activation, reset, undo, 'not-a-token', '', 'x'.repeat(150)]) {
      const res = await put(new Client(t.app), { token: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code, bad).toBe('invalid_token');
    }
    // And the confirmation token does not undo anything.
    const asUndo = await put(new Client(t.app), { undo: token });
    expect(asUndo.json().error.code).toBe('invalid_token');

    for (const body of [{}, { token: 5 }, { token, undo: token }, { token: 'x'.repeat(300) }]) {
      const res = await put(new Client(t.app), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }

    await t.db
      .updateTable('member_tokens')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('member_id', '=', m.id)
      .where('purpose', '=', 'email_change')
      .execute();
    const expired = await put(new Client(t.app), { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid_token');
    expect(await emailOf(m.id)).toBe(m.email);
  });

  it('answers 409 when the address was taken meanwhile, leaving the link usable', async () => {
    const m = await logInNewMember(t);
    const next = freshEmail();
    const token = await requestToken(m, next);
    const quicker = await createMember(t.db, { email: next });

    const res = await put(new Client(t.app), { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_taken');
    expect(await emailOf(m.id)).toBe(m.email);
    expect((await whoAmI(m.client)).statusCode).toBe(200);

    // Nothing was stored: once the address is free again, the same link works.
    await t.db.deleteFrom('profiles').where('member_id', '=', quicker.id).execute();
    await t.db.deleteFrom('members').where('id', '=', quicker.id).execute();
    expect((await put(new Client(t.app), { token })).json()).toEqual({ email: next });
  });

  it('lets one of two clicks at once through, and one of two members to one address', async () => {
    const m = await logInNewMember(t);
    const token = await requestToken(m, freshEmail());
    const twice = await Promise.all([1, 2].map(() => put(new Client(t.app), { token })));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 400]);

    const shared = freshEmail('shared');
    const a = await logInNewMember(t);
    const b = await logInNewMember(t);
    const tokens = [await requestToken(a, shared, 1), await requestToken(b, shared, 2)];
    const both = await Promise.all(tokens.map((x) => put(new Client(t.app), { token: x })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const owners = await t.db
      .selectFrom('members')
      .select('id')
      .where('email', '=', shared)
      .execute();
    expect(owners).toHaveLength(1);
  });

  it('does nothing for an account deleted after the request', async () => {
    const m = await logInNewMember(t);
    const token = await requestToken(m, freshEmail());
    await t.db.updateTable('members').set({ status: 'deleted' }).where('id', '=', m.id).execute();
    const res = await put(new Client(t.app), { token });
    expect(res.json().error.code).toBe('invalid_token');
    expect(await emailOf(m.id)).toBe(m.email);
  });
});

describe('PUT /api/email-change.php { undo } (the link to the old address)', () => {
  async function changed() {
    const m = await logInNewMember(t, { name: 'Ada' });
    const next = freshEmail();
    const token = await requestToken(m, next);
    expect((await put(m.client, { token })).statusCode).toBe(200);
    const undo = linkIn(await mailTo(m.email)).searchParams.get('undo')!;
    return { ...m, next, undo };
  }

  it('puts the old address back and ends every session, also the caller’s', async () => {
    const m = await changed();
    const intruder = new Client(t.app);
    await intruder.call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: m.next, password: m.password },
    });
    expect((await whoAmI(intruder)).statusCode).toBe(200);

    const res = await put(m.client, { undo: m.undo });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'amora_session');
    expect(cleared?.value).toBe('');
    expect(await emailOf(m.id)).toBe(m.email);
    expect((await whoAmI(m.client)).statusCode).toBe(403);
    expect((await whoAmI(intruder)).statusCode).toBe(403);

    // The password the intruder knew works with neither address.
    expect((await logIn(m.email, m.password)).statusCode).toBe(401);
    expect((await logIn(m.next, m.password)).statusCode).toBe(401);
    // Used once.
    const again = await put(new Client(t.app), { undo: m.undo });
    expect(again.json().error.code).toBe('invalid_token');
  });

  it('clears the password and mails a reset link to the restored address that works', async () => {
    const m = await changed();
    const mailsToOld = sink.mails.filter((x) => x.to.includes(m.email)).length;
    const mailsToNew = sink.mails.filter((x) => x.to.includes(m.next)).length;
    expect((await put(new Client(t.app), { undo: m.undo })).statusCode).toBe(200);
    const hash = await t.db
      .selectFrom('members')
      .select('password_hash')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(hash.password_hash).toBeNull();
    expect((await logIn(m.email, m.password)).statusCode).toBe(401);

    const mail = await mailTo(m.email, mailsToOld + 1);
    expect(mail.subject).toBe('Your address is back on Amora: choose a new password');
    expect(mail.text).toContain('Hi Ada,');
    const link = linkIn(mail);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/reset-password/do');
    const token = link.searchParams.get('token')!;
    // Nothing went to the intruder's address.
    expect(sink.mails.filter((x) => x.to.includes(m.next))).toHaveLength(mailsToNew);

    const check = await new Client(t.app).call({
      method: 'GET',
      url: `/api/password-reset.php?token=${encodeURIComponent(token)}`,
    });
    expect(check.json()).toEqual({ valid: true });
    const owner = new Client(t.app);
    const reset = await owner.call({
      method: 'PUT',
      url: '/api/password-reset.php',
      payload: { token, password: 'owner-new-password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await whoAmI(owner)).json().user.email).toBe(m.email);
    expect((await logIn(m.email, 'owner-new-password')).statusCode).toBe(200);
    expect((await logIn(m.email, m.password)).statusCode).toBe(401);
  });

  it('writes the reset mail in the member’s language', async () => {
    const m = await changed();
    await t.db
      .updateTable('profiles')
      .set({ language: 'fr' })
      .where('member_id', '=', m.id)
      .execute();
    const before = sink.mails.filter((x) => x.to.includes(m.email)).length;
    expect((await put(new Client(t.app), { undo: m.undo })).statusCode).toBe(200);
    const mail = await mailTo(m.email, before + 1);
    expect(mail.subject).toBe(
      'Votre adresse est de retour sur Amora\u00a0: choisissez un nouveau mot de passe',
    );
    expect(linkIn(mail).pathname).toBe('/reset-password/do');
  });

  it('voids the links mailed to the address it undoes', async () => {
    const m = await changed();
    // The new address (maybe an intruder's) asks for another change; then the owner undoes.
    const relogin = new Client(t.app);
    await relogin.call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: m.next, password: m.password },
    });
    const third = freshEmail('third');
    await requestChange(relogin, third, m.password);
    const pending = linkIn(await mailTo(third)).searchParams.get('token')!;
    const intruderUndo = await issueMemberToken(t.db, m.id, 'email_change_undo', 24, {
      email: m.next,
    });

    expect((await put(new Client(t.app), { undo: m.undo })).statusCode).toBe(200);
    expect((await put(new Client(t.app), { token: pending })).json().error.code).toBe(
      'invalid_token',
    );
    expect((await put(new Client(t.app), { undo: intruderUndo })).json().error.code).toBe(
      'invalid_token',
    );
    expect(await emailOf(m.id)).toBe(m.email);
  });

  it('answers 409 when the old address has become another account’s', async () => {
    const m = await changed();
    await createMember(t.db, { email: m.email });
    const res = await put(new Client(t.app), { undo: m.undo });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_taken');
    expect(await emailOf(m.id)).toBe(m.next);
  });
});

describe('correcting the address of an account that is not activated yet', () => {
  it('changes it at once and sends a new activation link there', async () => {
    const m = await logInNewMember(t, { activated: false, name: 'Tess' });
    await issueActivation(t.db, { id: m.id, email: m.email, name: 'Tess', language: 'en' });
    const oldLink = linkIn(await mailTo(m.email));
    const phone = new Client(t.app);
    await phone.call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: m.email, password: m.password },
    });

    const right = freshEmail('right');
    const res = await requestChange(m.client, right, m.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, email: right });
    expect((await whoAmI(m.client)).json().user).toMatchObject({ email: right, activated: false });
    expect((await whoAmI(phone)).statusCode).toBe(403);

    const mail = await mailTo(right);
    expect(mail.subject).toBe('Activate your Amora account');
    // No notice to the mistyped address: it may be a stranger's.
    expect(sink.mails.filter((x) => x.to.includes(m.email))).toHaveLength(1);

    const stale = await new Client(t.app).call({
      method: 'GET',
      url: oldLink.pathname + oldLink.search,
    });
    expect(stale.headers.location).toBe('/activate/error');
    const link = linkIn(mail);
    const fresh = await new Client(t.app).call({ method: 'GET', url: link.pathname + link.search });
    expect(fresh.headers.location).toBe('/activate/done');
    expect((await whoAmI(m.client)).json().user.activated).toBe(true);
    expect((await logIn(right, m.password)).statusCode).toBe(200);
    expect((await logIn(m.email, m.password)).statusCode).toBe(401);
  });

  it('still checks the password and whether the address is free', async () => {
    const m = await logInNewMember(t, { activated: false });
    const wrong = await requestChange(m.client, freshEmail(), 'not-my-password');
    expect(wrong.json().error.code).toBe('wrong_password');
    const other = await createMember(t.db);
    const taken = await requestChange(m.client, other.email, m.password);
    expect(taken.statusCode).toBe(409);
    expect(await emailOf(m.id)).toBe(m.email);
  });
});

it('lists the call in OpenAPI', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  const path = res.json().paths['/api/email-change.php'];
  expect(Object.keys(path).sort()).toEqual(['post', 'put']);
});
