import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberSpec } from '../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function loggedIn(spec: MemberSpec = {}) {
  const m = await logInNewMember(t, spec);
  return { m, client: m.client };
}

describe('GET /api/user.php', () => {
  it('answers 403 with the error format when nobody is logged in', async () => {
    const res = await new Client(t.app).call({ method: 'GET', url: '/api/user.php' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'not_logged_in', message: expect.any(String) } });
  });

  it('answers 403 for a forged session cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user.php',
      headers: { cookie: 'amora_session=forged-token-forged-token-forged' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers the member with their own profile and date of birth', async () => {
    const { m, client } = await loggedIn({
      name: 'Bea',
      dateOfBirth: '1990-05-17',
      gender: 'female',
    });
    const { user } = (await client.call({ method: 'GET', url: '/api/user.php' })).json();
    expect(user).toMatchObject({
      id: m.id,
      email: m.email,
      paid_user: false,
      activated: true,
      mailprovider: 0,
      profile: {
        id: m.id,
        name: 'Bea',
        gender: 'female',
        date_of_birth: '1990-05-17',
        country: 'NL',
      },
    });
    expect(user.profile.age).toBeGreaterThanOrEqual(35);
    expect(new Date(user.signup_date).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends the session of a member who is banned meanwhile', async () => {
    const { m, client } = await loggedIn();
    await t.db.updateTable('members').set({ status: 'banned' }).where('id', '=', m.id).execute();
    expect((await client.call({ method: 'GET', url: '/api/user.php' })).statusCode).toBe(403);
  });
});
