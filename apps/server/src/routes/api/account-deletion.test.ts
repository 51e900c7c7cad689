import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { signupCsrf } from '@amora/shared/rules/signup-csrf';
import type { PublicProfile } from '@amora/shared/schemas/profile';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueMemberToken } from '../../modules/tokens/member-token.js';
import { createConversation, createMember, type MemberSpec } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import {
  appHeaders,
  Client,
  createMailingTestApp,
  logInNewMember,
  type SmtpSink,
  type TestApp,
} from '../../test/test-app.js';

const PUBLIC_URL = 'https://amora.example';
let t: TestApp;
let sink: SmtpSink;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, sink, close } = await createMailingTestApp({ LOGIN_FAILURES_MAX: '4', PUBLIC_URL }));
});
afterAll(() => close?.());

const mailsTo = (email: string) => sink.mails.filter((m) => m.to.includes(email));

const PASSWORD = 'correct horse battery';

async function logIn(email: string, password = PASSWORD) {
  const client = new Client(t.app);
  const res = await client.call({
    method: 'POST',
    url: '/api/login.php',
    payload: { email, password },
  });
  return { client, res };
}

const loggedIn = (spec: MemberSpec = {}) => logInNewMember(t, { password: PASSWORD, ...spec });

const deleteAccount = (client: Client, payload?: unknown) =>
  client.call({
    method: 'DELETE',
    url: '/api/user.php',
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const get = (client: Client, url: string) => client.call({ method: 'GET', url });

async function uploadPhoto(client: Client) {
  const data = await sharp({
    create: { width: 500, height: 600, channels: 3, background: { r: 200, g: 120, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  const res = await client.call({
    method: 'POST',
    url: '/api/profileimage.php',
    ...multipart([{ filename: 'me.jpg', contentType: 'image/jpeg', data }]),
  });
  expect(res.statusCode).toBe(200);
}

const converse = (a: number, b: number, texts: [number, string][]) =>
  createConversation(t.db, a, b, { messages: texts });

const idsOf = (profiles: PublicProfile[]) => profiles.map((p) => p.id);

async function signUpWith(email: string) {
  const visitor = new Client(t.app);
  const { token } = (await get(visitor, `/api/validate_email.php?email=${email}`)).json();
  return visitor.call({
    method: 'POST',
    url: '/api/user.php?new=1',
    payload: {
      email,
      name: 'Again',
      password: 'another good password',
      country: 'NL',
      language: 'en',
      token,
      csrf: signupCsrf(token, email),
    },
  });
}

describe('DELETE /api/user.php', () => {
  it('answers 403 when nobody is logged in, whatever the body', async () => {
    for (const payload of [{ password: PASSWORD }, {}, undefined]) {
      const res = await deleteAccount(new Client(t.app), payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('not_logged_in');
    }
  });

  it('refuses a call without the app header, and keeps the account', async () => {
    const m = await loggedIn();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user.php',
      headers: { cookie: m.client.sessionCookie! },
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect((await get(m.client, '/api/user.php')).statusCode).toBe(200);
  });

  it('asks for the password, refuses a wrong one and counts it as a failed login', async () => {
    const m = await loggedIn();
    const missing = await deleteAccount(m.client, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'invalid_input' });
    expect(missing.json().error.fields).toHaveProperty('password');

    for (let i = 0; i < 4; i++) {
      const wrong = await deleteAccount(m.client, { password: 'not my password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        code: 'wrong_password',
        fields: { password: expect.any(String) },
      });
    }
    // Four failures (the limit here) stop the right password too, on this call and at login.
    const limited = await deleteAccount(m.client, { password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect((await logIn(m.email)).res.statusCode).toBe(429);

    const member = await t.db
      .selectFrom('members')
      .select(['status', 'password_hash'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(member.status).toBe('active');
    expect(member.password_hash).not.toBeNull();
    expect((await get(m.client, '/api/user.php')).statusCode).toBe(200);
  });

  it('deletes the account: gone for others at once, the conversation kept as a deleted member', async () => {
    // The leaver lives in New Zealand, where nobody else of this file does, so a search
    // there lists them alone; a twin (same gender, age and country) has them as similar.
    const leaver = await loggedIn({ name: 'Leaver', country: 'NZ', dateOfBirth: '1985-03-03' });
    const twin = await createMember(t.db, { country: 'NZ', dateOfBirth: '1985-04-04' });
    const other = await loggedIn({ name: 'Stayer' });
    const otherSession = await logIn(leaver.email);
    expect(otherSession.res.statusCode).toBe(200);

    await uploadPhoto(leaver.client);
    await uploadPhoto(leaver.client);
    const images = await t.db
      .selectFrom('images')
      .select(['filename', 'thumb_filename'])
      .where('member_id', '=', leaver.id)
      .execute();
    const files = images.flatMap((i) => [i.filename, i.thumb_filename]);
    const uploads = t.app.config.uploadsDir;
    expect(files).toHaveLength(4);
    for (const file of files) expect(existsSync(join(uploads, file))).toBe(true);

    const headers = appHeaders;
    for (const [client, id] of [
      [other.client, leaver.id],
      [leaver.client, other.id],
    ] as const) {
      const like = await client.call({
        method: 'POST',
        url: '/api/likes.php',
        headers,
        payload: { profile: id },
      });
      expect(like.statusCode).toBe(200);
    }
    const conversation = await converse(leaver.id, other.id, [
      [other.id, 'Hi there'],
      [leaver.id, 'Goodbye for now'],
    ]);
    await t.db
      .insertInto('push_subscriptions')
      .values({
        member_id: leaver.id,
        endpoint: `https://push.example/${leaver.id}`,
        p256dh: 'key',
        auth: 'auth',
      })
      .execute();
    const resetToken = await issueMemberToken(t.db, leaver.id, 'password_reset', 2);

    // Before: findable everywhere.
    const searchNz = '/api/search.php?country=NZ&searchAllCountries=1';
    expect(idsOf((await get(other.client, searchNz)).json().profiles)).toContain(leaver.id);
    expect(
      idsOf((await get(other.client, `/api/similar.php?id=${twin.id}`)).json().profiles),
    ).toContain(leaver.id);
    expect((await get(other.client, `/api/profile.php?id=${leaver.id}`)).statusCode).toBe(200);

    const res = await deleteAccount(leaver.client, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cookie = res.cookies.find((c) => c.name === 'amora_session');
    expect(cookie?.value).toBe('');

    // The member's own sessions, this one and another device's, are over.
    expect(leaver.client.sessionCookie).toBeNull();
    for (const client of [otherSession.client]) {
      expect((await get(client, '/api/user.php')).statusCode).toBe(403);
      expect((await deleteAccount(client, { password: PASSWORD })).statusCode).toBe(403);
    }

    // Others: no profile, no search or similar entry, no likes either way.
    for (const viewer of [other.client, new Client(t.app)]) {
      const profile = await get(viewer, `/api/profile.php?id=${leaver.id}`);
      expect(profile.statusCode).toBe(404);
      expect(profile.json().error.code).toBe('member_not_found');
    }
    expect(idsOf((await get(other.client, searchNz)).json().profiles)).not.toContain(leaver.id);
    expect(
      idsOf((await get(new Client(t.app), `${searchNz}&gender=female`)).json().profiles),
    ).not.toContain(leaver.id);
    expect(
      idsOf((await get(other.client, `/api/similar.php?id=${twin.id}`)).json().profiles),
    ).not.toContain(leaver.id);
    const likes = (await get(other.client, '/api/likes.php')).json();
    expect(idsOf(likes.profiles)).not.toContain(leaver.id);
    expect(likes.liked_by.map((l: { id: number }) => l.id)).not.toContain(leaver.id);

    // The conversation stays with the other member, the leaver shown as a deleted member.
    const chats = await get(other.client, '/api/chats.php');
    expect(chats.statusCode).toBe(200);
    const [chat] = chats.json().chats;
    expect(chat).toMatchObject({
      conversation: { id: conversation },
      profile: { id: leaver.id, name: '', deleted: true, main_image: null, images: [], age: null },
      last_message: { text: 'Goodbye for now', sender: leaver.id },
    });
    expect(chats.body).not.toContain('Leaver');
    expect(chats.body).not.toContain(leaver.email);

    // The address: deleted, no login, no new account with it.
    const status = await get(new Client(t.app), `/api/validate_email.php?email=${leaver.email}`);
    expect(status.json().status).toBe('deleted');
    const login = await logIn(leaver.email);
    expect(login.res.statusCode).toBe(401);
    expect(login.res.json().error.code).toBe('invalid_credentials');
    const again = await signUpWith(leaver.email);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('email_taken');

    // Photos are no longer served, the running worker's `media_delete` job removes them from
    // storage, and nothing personal is left in the rows.
    for (const file of files) {
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${file}` })).statusCode).toBe(404);
      await vi.waitFor(() => expect(existsSync(join(uploads, file))).toBe(false));
    }
    const member = await t.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', leaver.id)
      .executeTakeFirstOrThrow();
    // The address is kept only as its HMAC (docs/decisions/035).
    expect(member).toMatchObject({ status: 'deleted', email: null, password_hash: null });
    expect(member.email_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(member)).not.toContain(leaver.email);
    expect(member.deleted_at).toBeInstanceOf(Date);
    const profile = await t.db
      .selectFrom('profiles')
      .selectAll()
      .where('member_id', '=', leaver.id)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      name: '',
      date_of_birth: null,
      gender: null,
      city: null,
      main_image_id: null,
      notes: {},
      fields: {},
      interests: [],
    });
    const count = async (table: 'images' | 'push_subscriptions' | 'sessions' | 'search_profiles') =>
      (
        await t.db
          .selectFrom(table)
          .select('member_id')
          .where('member_id', '=', leaver.id)
          .execute()
      ).length;
    for (const table of ['images', 'push_subscriptions', 'sessions', 'search_profiles'] as const) {
      expect(await count(table), table).toBe(0);
    }
    const likeRows = await t.db
      .selectFrom('likes')
      .selectAll()
      .where((eb) => eb.or([eb('liker_id', '=', leaver.id), eb('liked_id', '=', leaver.id)]))
      .execute();
    expect(likeRows).toEqual([]);
    const openTokens = await t.db
      .selectFrom('member_tokens')
      .select('id')
      .where('member_id', '=', leaver.id)
      .where('used_at', 'is', null)
      .execute();
    expect(openTokens).toEqual([]);
    expect(resetToken).toBeTruthy();

    // The other member carries on as before.
    expect((await get(other.client, '/api/user.php')).statusCode).toBe(200);

    // A goodbye mail, greeting by the name the profile had, with the way to customer service.
    await expect.poll(() => mailsTo(leaver.email).length).toBe(1);
    const [goodbye] = mailsTo(leaver.email);
    expect(goodbye?.subject).toBe('Your Amora account has been deleted');
    expect(goodbye?.text).toContain('Hi Leaver,');
    expect(goodbye?.text).toContain(`${PUBLIC_URL}/pages/service`);
  });

  it('says goodbye in the member’s language, once, also when two deletions meet', async () => {
    const m = await loggedIn({ name: 'Greta', language: 'de' });
    const second = await logIn(m.email);
    const results = await Promise.all([
      deleteAccount(m.client, { password: PASSWORD }),
      deleteAccount(second.client, { password: PASSWORD }),
    ]);
    // Only one of them does the work.
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const member = await t.db
      .selectFrom('members')
      .select('status')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(member.status).toBe('deleted');
    await expect.poll(() => mailsTo(m.email).length).toBe(1);
    const [goodbye] = mailsTo(m.email);
    expect(goodbye?.subject).toBe('Dein Konto bei Amora wurde gelöscht');
    expect(goodbye?.text).toContain('Hallo Greta,');
    // Nothing else waits for the address: a wrong password deletes nothing and mails nothing.
    const kept = await loggedIn();
    expect((await deleteAccount(kept.client, { password: 'not it at all' })).statusCode).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(kept.email)).toEqual([]);
  });

  it('is listed in OpenAPI', async () => {
    const spec = (await get(new Client(t.app), '/api/openapi.json')).json();
    const op = spec.paths['/api/user.php'].delete;
    expect(op).toBeDefined();
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '429']));
  });
});
