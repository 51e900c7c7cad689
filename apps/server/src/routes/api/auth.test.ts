import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.js';
import { Client, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_FAILURES_MAX: '3' });
});
afterAll(() => t.close());

const login = (client: Client, email: string, password: string) =>
  client.call({ method: 'POST', url: '/api/login.php', payload: { email, password } });

describe('POST /api/login.php', () => {
  it('logs in with the right password and answers the user without secrets', async () => {
    const m = await createMember(t.db, { name: 'Anna' });
    const client = new Client(t.app);
    const res = await login(client, m.email.toUpperCase(), m.password);
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({ id: m.id, email: m.email, profile: { name: 'Anna' } });
    expect(JSON.stringify(user)).not.toMatch(/password|argon2/i);
    const cookie = res.cookies.find((c) => c.name === 'amora_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await client.call({ method: 'GET', url: '/api/user.php' });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(m.id);
  });

  it('answers 401 alike for a wrong password and an unknown e-mail', async () => {
    const m = await createMember(t.db);
    const wrong = await login(new Client(t.app), m.email, 'not the password');
    const unknown = await login(new Client(t.app), 'nobody-here@example.com', 'whatever1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('invalid_credentials');
    expect(wrong.cookies).toHaveLength(0);
  });

  it('refuses bad input with 400 and the error format', async () => {
    for (const payload of [
      {},
      { email: 'not-an-email', password: 'x' },
      { email: 'a@b.co' },
      [1],
    ]) {
      const res = await new Client(t.app).call({ method: 'POST', url: '/api/login.php', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
      });
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('names the field and says what is wrong in plain English', async () => {
    const res = await new Client(t.app).call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: 'not-an-email', password: '' },
    });
    expect(res.json().error.fields).toEqual({
      email: 'Value is not a valid email address',
      password: 'Value is required',
    });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await new Client(t.app).call({
      method: 'POST',
      url: '/api/login.php',
      payload: 'email=a',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBeTruthy();
  });

  it('refuses a state-changing call without X-App-Package', async () => {
    const m = await createMember(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: m.email, password: m.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('missing_app_package');
  });

  it('blocks an account after too many failed logins, even with the right password', async () => {
    const m = await createMember(t.db);
    for (let i = 0; i < 3; i++)
      expect((await login(new Client(t.app), m.email, 'wrong-pass')).statusCode).toBe(401);
    const res = await login(new Client(t.app), m.email, m.password);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    const other = await createMember(t.db);
    expect((await login(new Client(t.app), other.email, other.password)).statusCode).toBe(200);
  });

  it('does not log in banned or deleted members', async () => {
    const banned = await createMember(t.db, { status: 'banned' });
    const deleted = await createMember(t.db, { status: 'deleted' });
    await t.db
      .updateTable('members')
      .set({ ban_reason: 'Asked members for money' })
      .where('id', '=', banned.id)
      .execute();
    const refused = await login(new Client(t.app), banned.email, banned.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'banned',
      reason: 'Asked members for money',
    });
    // The reason is for the owner only: a wrong password answers as for anyone.
    const guessed = await login(new Client(t.app), banned.email, 'not the password');
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().error.reason).toBeUndefined();
    expect((await login(new Client(t.app), deleted.email, deleted.password)).statusCode).toBe(401);
  });
});

describe('GET /api/logout.php', () => {
  it('answers done and revokes the session on the server', async () => {
    const m = await createMember(t.db);
    const client = new Client(t.app);
    await login(client, m.email, m.password);
    const stolen = client.sessionCookie!;
    const res = await client.call({ method: 'GET', url: '/api/logout.php' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('done');
    expect(client.sessionCookie).toBeNull();
    const reuse = await t.app.inject({
      method: 'GET',
      url: '/api/user.php',
      headers: { cookie: stolen },
    });
    expect(reuse.statusCode).toBe(403);
  });

  it('refuses a request the browser says came from another site, and the member stays logged in', async () => {
    const m = await createMember(t.db);
    const client = new Client(t.app);
    await login(client, m.email, m.password);
    for (const site of ['cross-site', 'same-site']) {
      const res = await client.call({
        method: 'GET',
        url: '/api/logout.php',
        headers: { 'sec-fetch-site': site },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('cross_origin');
      expect((await client.call({ method: 'GET', url: '/api/user.php' })).statusCode).toBe(200);
    }
    // The app's own call, and a typed address, log out.
    for (const site of ['same-origin', 'none']) {
      await login(client, m.email, m.password);
      const res = await client.call({
        method: 'GET',
        url: '/api/logout.php',
        headers: { 'sec-fetch-site': site },
      });
      expect(res.body).toBe('done');
      expect((await client.call({ method: 'GET', url: '/api/user.php' })).statusCode).toBe(403);
    }
  });

  it('answers done when nobody is logged in', async () => {
    const res = await new Client(t.app).call({ method: 'GET', url: '/api/logout.php' });
    expect(res.body).toBe('done');
  });
});
