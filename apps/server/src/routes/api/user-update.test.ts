import { NAME_EQUAL_TO_EMAIL } from '@amora/shared/rules/member-name';
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

/** The error's fields with nested paths spelled `a.b` (the error format may join them with `/`). */
function fieldsOf(res: { json(): { error: { fields?: Record<string, string> } } }) {
  return Object.fromEntries(
    Object.entries(res.json().error.fields ?? {}).map(([k, v]) => [k.replace(/\//g, '.'), v]),
  );
}

const put = (client: Client, payload: unknown) =>
  client.call({ method: 'PUT', url: '/api/user.php', payload: payload as Record<string, unknown> });

async function storedProfile(memberId: number) {
  return t.db
    .selectFrom('profiles')
    .selectAll()
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/** A date of birth `years` years and `days` days before today (UTC). */
function birthday(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('PUT /api/user.php with a location', () => {
  it('stores country, region and city and answers the user', async () => {
    const { client } = await loggedIn();
    const res = await put(client, { country: 'BE', countryregion: 'BE-VAN', city: ' Antwerpen ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.profile).toMatchObject({
      country: 'BE',
      countryregion: 'BE-VAN',
      city: 'Antwerpen',
    });
  });

  it('refuses a region of another country with 400 naming the field', async () => {
    const { m, client } = await loggedIn();
    const res = await put(client, { country: 'NL', countryregion: 'BE-VAN', city: 'Utrecht' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_input',
      fields: { countryregion: expect.any(String) },
    });
    expect((await storedProfile(m.id)).countryregion).toBe('NL-NH');
  });

  it('refuses an unknown region and a country not served', async () => {
    const { client } = await loggedIn();
    const unknown = await put(client, { country: 'NL', countryregion: 'NL-XX', city: 'Utrecht' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ countryregion: expect.any(String) });
    const country = await put(client, { country: 'XX', countryregion: 'NL-UT', city: 'Utrecht' });
    expect(country.statusCode).toBe(400);
    expect(country.json().error.fields).toEqual({ country: expect.any(String) });
  });

  it('refuses a country the site stopped serving', async () => {
    const { client } = await loggedIn();
    const row = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'site')
      .executeTakeFirstOrThrow();
    const original = JSON.stringify(row.value);
    await t.db
      .updateTable('settings')
      .set({ value: JSON.stringify({ ...(row.value as object), countries: ['NL'] }) })
      .where('key', '=', 'site')
      .execute();
    try {
      const res = await put(client, { country: 'BE', countryregion: 'BE-VAN', city: 'Antwerpen' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ country: expect.any(String) });
    } finally {
      await t.db
        .updateTable('settings')
        .set({ value: original })
        .where('key', '=', 'site')
        .execute();
    }
  });

  it('names missing fields', async () => {
    const { client } = await loggedIn();
    const res = await put(client, { country: 'NL' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['countryregion', 'city']);
  });
});

describe('PUT /api/user.php with profile data', () => {
  it('merges fields and notes, replaces the rest, and stores lastSignupStep', async () => {
    const { m, client } = await loggedIn({ notes: { personal: 'Old text', ideal_match: 'Kind' } });
    const res = await put(client, {
      profile: {
        name: 'Renamed',
        gender: 'male',
        date_of_birth: '1988-02-29',
        fields: { height: '180_189', eye_color: 'green' },
        notes: { personal: 'New text' },
        interests: ['music', 'hiking', 'music'],
      },
      lastSignupStep: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { user } = res.json();
    expect(user.last_signup_step).toBe(5);
    expect(user.profile).toMatchObject({
      name: 'Renamed',
      gender: 'male',
      date_of_birth: '1988-02-29',
      fields: { smoking: 'never', height: '180_189', eye_color: 'green' },
      notes: { personal: 'New text', ideal_match: 'Kind' },
      interests: ['music', 'hiking'],
    });
    const stored = await storedProfile(m.id);
    expect(stored.fields).toEqual({ smoking: 'never', height: '180_189', eye_color: 'green' });
  });

  it('clears a profile field sent empty and keeps the fields left out', async () => {
    const { m, client } = await loggedIn();
    await put(client, { profile: { fields: { height: '180_189', eye_color: 'green' } } });
    const res = await put(client, { profile: { fields: { eye_color: '' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.profile.fields).toEqual({ smoking: 'never', height: '180_189' });
    expect((await storedProfile(m.id)).fields).toEqual({ smoking: 'never', height: '180_189' });
    const wrong = await put(client, { profile: { fields: { eye_color: 'purple' } } });
    expect(wrong.statusCode).toBe(400);
  });

  it('takes an empty patch with only the signup step', async () => {
    const { m, client } = await loggedIn();
    const res = await put(client, { profile: {}, lastSignupStep: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const member = await t.db
      .selectFrom('members')
      .select('last_signup_step')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(member.last_signup_step).toBe(4);
  });

  it('takes a birthday of exactly 18 years ago and refuses one a day later', async () => {
    const { client } = await loggedIn();
    expect((await put(client, { profile: { date_of_birth: birthday(18) } })).statusCode).toBe(200);
    const young = await put(client, { profile: { date_of_birth: birthday(18, 1) } });
    expect(young.statusCode).toBe(400);
    expect(fieldsOf(young)).toEqual({
      'profile.date_of_birth': 'profile.date_of_birth_error',
    });
  });

  it('refuses impossible dates and what is not a date, storing nothing', async () => {
    const { m, client } = await loggedIn({ dateOfBirth: '1990-05-17' });
    for (const date_of_birth of [
      '2001-02-30',
      '0000-00-00',
      '1990-00-10',
      '1990-10-00',
      'not a date',
      '17-05-1990',
      '',
    ]) {
      const res = await put(client, { profile: { name: 'Changed', date_of_birth } });
      expect(res.statusCode, date_of_birth).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
      expect(Object.keys(fieldsOf(res))).toEqual(['profile.date_of_birth']);
    }
    const stored = await storedProfile(m.id);
    expect(stored.date_of_birth).toBe('1990-05-17');
    expect(stored.name).not.toBe('Changed');
  });

  it('refuses an unknown field value, an unknown key and a too-long note', async () => {
    const { client } = await loggedIn();
    const value = await put(client, { profile: { fields: { smoking: 'sometimes' } } });
    expect(value.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(value))).toEqual(['profile.fields.smoking']);

    const field = await put(client, { profile: { fields: { star_sign: 'leo' } } });
    expect(field.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(field))).toEqual(['profile.fields']);

    const key = await put(client, { profile: { email: 'x@example.com' } });
    expect(key.statusCode).toBe(400);
    expect(Object.keys(key.json().error.fields)).toEqual(['profile']);

    const top = await put(client, { profile: {}, credits: 1000 });
    expect(top.statusCode).toBe(400);

    const note = await put(client, { profile: { notes: { personal: 'x'.repeat(2001) } } });
    expect(note.statusCode).toBe(400);
    expect(fieldsOf(note)).toEqual({
      'profile.notes.personal': 'This field should be at most 2000 characters long',
    });

    const interest = await put(client, { profile: { interests: ['skydiving'] } });
    expect(interest.statusCode).toBe(400);

    const gender = await put(client, { profile: { gender: 'other' } });
    expect(gender.statusCode).toBe(400);
  });

  it('applies the name rules of the signup form', async () => {
    const { client } = await loggedIn();
    const at = await put(client, { profile: { name: '@me' } });
    expect(fieldsOf(at)).toEqual({ 'profile.name': 'signup.name_starts_with_at' });
    const empty = await put(client, { profile: { name: '   ' } });
    expect(fieldsOf(empty)).toEqual({ 'profile.name': 'Value is required' });
    const long = await put(client, { profile: { name: 'x'.repeat(151) } });
    expect(long.statusCode).toBe(400);
  });

  it('refuses the own e-mail address as the name, whatever its case, and keeps the old name', async () => {
    const { m, client } = await loggedIn({ name: 'Nina' });
    const own = await put(client, { profile: { name: ` ${m.email.toUpperCase()} ` } });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.code).toBe('invalid_input');
    expect(fieldsOf(own)).toEqual({ 'profile.name': NAME_EQUAL_TO_EMAIL });
    expect((await storedProfile(m.id)).name).toBe('Nina');
    // Another member's address is only a strange name, not a leak of the own one.
    const other = await put(client, { profile: { name: 'someone@example.org' } });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a signup step out of range', async () => {
    const { client } = await loggedIn();
    const res = await put(client, { profile: {}, lastSignupStep: 9 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['lastSignupStep']);
  });
});

describe('PUT /api/user.php access', () => {
  it('answers 403 when nobody is logged in', async () => {
    const res = await put(new Client(t.app), { profile: { name: 'X' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_logged_in');
    const location = await put(new Client(t.app), {
      country: 'NL',
      countryregion: 'NL-UT',
      city: 'Utrecht',
    });
    expect(location.statusCode).toBe(403);
  });

  it('refuses the call without X-App-Package', async () => {
    const { client } = await loggedIn();
    const res = await client.call({
      method: 'PUT',
      url: '/api/user.php',
      payload: { profile: {} },
      headers: { 'x-app-package': '' },
    });
    expect(res.statusCode).toBe(403);
  });
});
