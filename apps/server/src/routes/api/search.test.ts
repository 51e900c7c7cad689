import { AGE_BUCKETS, bucketFor } from '@amora/shared/rules/age-buckets';
import { searchQuerySchema } from '@amora/shared/schemas/search';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bornOnOrBefore, searchMembers } from '../../modules/search/search.service.js';
import { DEFAULT_SETTINGS, type StoredSettings } from '../../modules/site/site-defaults.js';
import { addFindableMember, type FindableSpec, type MemberSpec } from '../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Every test starts from no members and the default settings.
beforeEach(async () => {
  await t.db.deleteFrom('members').execute();
  await setSettings({});
});

async function setSettings(overrides: Partial<StoredSettings>) {
  await t.db
    .updateTable('settings')
    .set({ value: JSON.stringify({ ...DEFAULT_SETTINGS, ...overrides }) })
    .where('key', '=', 'site')
    .execute();
}

const DAY_MS = 86_400_000;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The date of birth of someone who turns `age` today, moved by `days` (+1: turns it tomorrow). */
function birthday(age: number, days = 0): string {
  const d = new Date(`${bornOnOrBefore(new Date(), age)}T00:00:00Z`);
  return isoDay(new Date(d.getTime() + days * DAY_MS));
}

type Spec = FindableSpec;

const addMember = (spec: Spec = {}) => addFindableMember(t.db, spec);

async function addPhoto(memberId: number) {
  await t.db
    .insertInto('images')
    .values({
      member_id: memberId,
      filename: `${memberId}.webp`,
      thumb_filename: `${memberId}-t.webp`,
      position: 0,
    })
    .execute();
}

const loggedIn = (spec: MemberSpec = {}) => logInNewMember(t, spec);

type Query = Record<string, string | number>;

function search(query: Query = {}, client = new Client(t.app)) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return client.call({ method: 'GET', url: `/api/search.php${qs ? `?${qs}` : ''}` });
}

async function found(query: Query = {}, client?: Client) {
  const res = await search(query, client);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { body, ids: body.profiles.map((p: { id: number }) => p.id) as number[] };
}

describe('GET /api/search.php', () => {
  it('lists members most recently active first, then newest, with paging and the filters in force', async () => {
    const same = minutesAgo(30);
    const a = await addMember({ lastActive: minutesAgo(50) });
    const b = await addMember({ lastActive: same });
    const c = await addMember({ lastActive: same });
    const d = await addMember({ lastActive: minutesAgo(1) });
    const { body, ids } = await found();
    expect(ids).toEqual([d, c, b, a]);
    expect(body.paging).toEqual({
      num_results: 4,
      page: 1,
      per_page: 12,
      num_pages: 1,
      capped: false,
    });
    expect(body.filter_options).toEqual({
      gender: null,
      min_age: null,
      max_age: null,
      country: null,
      countryregion: null,
      pp: false,
      verified: false,
      remembered: false,
    });
    expect(body.profiles[0]).toMatchObject({
      id: d,
      age: expect.any(Number),
      country: 'NL',
      countryregion: 'NL-NH',
      city: 'Somewhere',
      notes: { personal: 'Hi' },
    });
  });

  it('pages 12 at a time without duplicates or gaps, and answers an empty page past the end', async () => {
    const shared = minutesAgo(100);
    const all: number[] = [];
    // Ties in activity are ordered by id, so pages stay stable.
    for (let i = 0; i < 30; i++) {
      all.push(await addMember({ lastActive: i % 3 === 0 ? shared : minutesAgo(200 + i) }));
    }
    const expected = [
      ...all.filter((_, i) => i % 3 === 0).sort((x, y) => y - x),
      ...all.filter((_, i) => i % 3 !== 0),
    ];
    const pages: number[][] = [];
    for (const page of [1, 2, 3]) {
      const { body, ids } = await found({ page });
      expect(body.paging).toMatchObject({ num_results: 30, num_pages: 3, page });
      pages.push(ids);
    }
    expect(pages.map((p) => p.length)).toEqual([12, 12, 6]);
    expect(pages.flat()).toEqual(expected);
    expect(new Set(pages.flat()).size).toBe(30);
    const past = await found({ page: 4 });
    expect(past.ids).toEqual([]);
    expect(past.body.paging).toMatchObject({ num_results: 30, page: 4, num_pages: 3 });
  });

  it('never lists deleted, banned, unactivated members, or members without a date of birth or profile', async () => {
    const visible = await addMember({ name: 'Visible' });
    await addMember({ name: 'Deleted', status: 'deleted' });
    await addMember({ name: 'Banned', status: 'banned' });
    await addMember({ name: 'Inactive', activated: false });
    await addMember({ name: 'NoBirthday', dateOfBirth: null });
    await addMember({ name: 'Minor', dateOfBirth: birthday(17) });
    await addMember({ profile: false });
    const res = await search({ searchAllCountries: 1 });
    expect(res.json().profiles.map((p: { id: number }) => p.id)).toEqual([visible]);
    expect(res.json().paging.num_results).toBe(1);
    for (const name of ['Deleted', 'Banned', 'Inactive', 'NoBirthday', 'Minor']) {
      expect(res.body).not.toContain(name);
    }
  });

  it('follows changes of status, profile, photos and activity at once', async () => {
    const a = await addMember({ lastActive: minutesAgo(10) });
    const b = await addMember({ lastActive: minutesAgo(20) });
    expect((await found()).ids).toEqual([a, b]);

    await t.db
      .updateTable('members')
      .set({ last_active_at: new Date() })
      .where('id', '=', b)
      .execute();
    expect((await found()).ids).toEqual([b, a]);

    await t.db.updateTable('members').set({ status: 'banned' }).where('id', '=', b).execute();
    expect((await found()).ids).toEqual([a]);
    await t.db.updateTable('members').set({ status: 'active' }).where('id', '=', b).execute();
    expect((await found()).ids).toEqual([b, a]);

    await t.db.updateTable('profiles').set({ gender: 'male' }).where('member_id', '=', a).execute();
    expect((await found({ gender: 'male' })).ids).toEqual([a]);
    await t.db
      .updateTable('profiles')
      .set({ date_of_birth: null })
      .where('member_id', '=', a)
      .execute();
    expect((await found()).ids).toEqual([b]);

    expect((await found({ pp: 1 })).ids).toEqual([]);
    await addPhoto(b);
    expect((await found({ pp: 1 })).ids).toEqual([b]);
    await t.db.deleteFrom('images').where('member_id', '=', b).execute();
    expect((await found({ pp: 1 })).ids).toEqual([]);

    await t.db.updateTable('members').set({ status: 'deleted' }).where('id', '=', b).execute();
    expect((await found()).ids).toEqual([]);
  });

  it('never lists the searcher, and covers their own country unless told otherwise', async () => {
    const me = await loggedIn({ country: 'BE' });
    const be = await addMember({ country: 'BE', countryregion: 'BE-VAN' });
    const nl = await addMember({ country: 'NL' });

    const own = await found({}, me.client);
    expect(own.ids).toEqual([be]);
    expect(own.body.filter_options.country).toBe('BE');

    const everywhere = await found({ searchAllCountries: 1 }, me.client);
    expect(everywhere.ids).toEqual([be, nl]);
    expect(everywhere.body.filter_options.country).toBeNull();
    expect((await found({ searchAllCountries: 'true' }, me.client)).ids).toEqual([be, nl]);
    expect((await found({ searchAllCountries: 0 }, me.client)).ids).toEqual([be]);

    // A chosen country wins over both.
    expect((await found({ country: 'NL' }, me.client)).ids).toEqual([nl]);
    expect((await found({ country: 'NL', searchAllCountries: 1 }, me.client)).ids).toEqual([nl]);
    expect((await found({ country: 'BE' }, me.client)).ids).toEqual([be]);
  });

  it('searches every country for a logged-out visitor unless a country is given', async () => {
    const nl = await addMember({ country: 'NL' });
    const de = await addMember({ country: 'DE', countryregion: 'DE-BY' });
    expect((await found()).ids).toEqual([nl, de]);
    expect((await found({ country: 'DE' })).ids).toEqual([de]);
  });

  it('filters by gender', async () => {
    const f = await addMember({ gender: 'female' });
    const m = await addMember({ gender: 'male' });
    const unknown = await addMember({ gender: null });
    expect((await found({ gender: 'female' })).ids).toEqual([f]);
    const males = await found({ gender: 'male' });
    expect(males.ids).toEqual([m]);
    expect(males.body.filter_options.gender).toBe('male');
    expect((await found()).ids).toEqual([f, m, unknown]);
  });

  it('filters by region of the country', async () => {
    const nh = await addMember({ country: 'NL', countryregion: 'NL-NH' });
    const zh = await addMember({ country: 'NL', countryregion: 'NL-ZH' });
    await addMember({ country: 'BE', countryregion: 'BE-VAN' });
    const res = await found({ country: 'NL', countryregion: 'NL-ZH' });
    expect(res.ids).toEqual([zh]);
    expect(res.body.filter_options).toMatchObject({ country: 'NL', countryregion: 'NL-ZH' });
    expect((await found({ country: 'NL' })).ids).toEqual([nh, zh]);

    const me = await loggedIn({ country: 'NL' });
    // The member's own country is the country in force.
    expect((await found({ countryregion: 'NL-NH' }, me.client)).ids).toEqual([nh]);
  });

  it('filters by age bucket, exactly at the edges', async () => {
    // For each bucket: someone who turns its lowest age today (in), someone who turns one
    // above its highest age today (out) and someone who turns that tomorrow (in).
    const cases: { bucket: (typeof AGE_BUCKETS)[number]; inside: number[]; outside: number[] }[] =
      [];
    for (const bucket of AGE_BUCKETS) {
      const inside: number[] = [];
      const outside: number[] = [];
      if (bucket.min_age !== null) {
        inside.push(await addMember({ dateOfBirth: birthday(bucket.min_age) }));
        outside.push(await addMember({ dateOfBirth: birthday(bucket.min_age, 1) }));
      }
      if (bucket.max_age !== null) {
        outside.push(await addMember({ dateOfBirth: birthday(bucket.max_age + 1) }));
        inside.push(await addMember({ dateOfBirth: birthday(bucket.max_age + 1, 1) }));
      }
      cases.push({ bucket, inside, outside });
    }
    const older = await addMember({ dateOfBirth: birthday(99) });
    for (const { bucket, inside, outside } of cases) {
      const query: Query = {};
      if (bucket.min_age !== null) query.min_age = bucket.min_age;
      if (bucket.max_age !== null) query.max_age = bucket.max_age;
      const { body, ids } = await found(query);
      if (bucket.id !== 'all') expect(body.paging.num_results).toBeLessThanOrEqual(12);
      for (const id of inside) expect(ids, bucket.id).toContain(id);
      for (const id of outside) {
        // The member below 18 belongs to no bucket at all.
        expect(ids, bucket.id).not.toContain(id);
      }
      expect(body.filter_options).toMatchObject({
        min_age: bucket.min_age,
        max_age: bucket.max_age,
      });
      expect(bucketFor(body.filter_options.min_age, body.filter_options.max_age)?.id).toBe(
        bucket.id,
      );
      for (const p of body.profiles as { age: number }[]) {
        expect(p.age).toBeGreaterThanOrEqual(bucket.min_age ?? 18);
        if (bucket.max_age !== null) expect(p.age).toBeLessThanOrEqual(bucket.max_age);
      }
    }
    expect((await found({ min_age: 65 })).ids).toContain(older);

    // Someone turning 26 today is not "up to 25", and is "26-35".
    const turning26 = await addMember({ dateOfBirth: birthday(26) });
    expect((await found({ min_age: 18, max_age: 25 })).ids).not.toContain(turning26);
    expect((await found({ min_age: 26, max_age: 35 })).ids).toContain(turning26);
    expect((await found({ max_age: 25 })).ids).not.toContain(turning26);
    expect((await found({ min_age: 26, max_age: 26 })).ids).toContain(turning26);
  });

  it('lists only members with a photo for pp=1', async () => {
    const withPhoto = await addMember({ photo: true });
    const without = await addMember();
    const res = await found({ pp: 1 });
    expect(res.ids).toEqual([withPhoto]);
    expect(res.body.filter_options.pp).toBe(true);
    expect(res.body.profiles[0].main_image).toMatchObject({
      thumb_filename: `${withPhoto}-t.webp`,
    });
    expect((await found({ pp: 0 })).ids).toEqual([withPhoto, without]);
    expect((await found({ pp: 'false' })).ids).toEqual([withPhoto, without]);
  });

  it('combines filters', async () => {
    const match = await addMember({
      gender: 'male',
      dateOfBirth: birthday(40),
      country: 'DE',
      countryregion: 'DE-BY',
      photo: true,
    });
    await addMember({
      gender: 'female',
      dateOfBirth: birthday(40),
      country: 'DE',
      countryregion: 'DE-BY',
      photo: true,
    });
    await addMember({
      gender: 'male',
      dateOfBirth: birthday(30),
      country: 'DE',
      countryregion: 'DE-BY',
      photo: true,
    });
    await addMember({
      gender: 'male',
      dateOfBirth: birthday(40),
      country: 'DE',
      countryregion: 'DE-BE',
      photo: true,
    });
    await addMember({
      gender: 'male',
      dateOfBirth: birthday(40),
      country: 'DE',
      countryregion: 'DE-BY',
    });
    await addMember({
      gender: 'male',
      dateOfBirth: birthday(40),
      country: 'AT',
      countryregion: 'AT-9',
      photo: true,
    });
    const res = await found({
      gender: 'male',
      min_age: 36,
      max_age: 45,
      country: 'DE',
      countryregion: 'DE-BY',
      pp: 1,
    });
    expect(res.ids).toEqual([match]);
    expect(res.body.paging.num_results).toBe(1);
  });

  it('answers an empty result for valid filters that match nobody', async () => {
    await addMember({ country: 'NL' });
    const res = await found({ country: 'NZ', gender: 'male', min_age: 90, max_age: 100 });
    expect(res.body.profiles).toEqual([]);
    expect(res.body.paging).toEqual({
      num_results: 0,
      page: 1,
      per_page: 12,
      num_pages: 0,
      capped: false,
    });
  });

  it('answers 400 with the error format for invalid values', async () => {
    const bad: [Query, string][] = [
      [{ gender: 'x' }, 'gender'],
      [{ min_age: 17 }, 'min_age'],
      [{ max_age: 101 }, 'max_age'],
      [{ min_age: 'abc' }, 'min_age'],
      [{ min_age: 30, max_age: 25 }, 'max_age'],
      [{ page: 0 }, 'page'],
      [{ page: -1 }, 'page'],
      [{ page: 1001 }, 'page'],
      [{ page: '1.5' }, 'page'],
      [{ country: 'XX' }, 'country'],
      [{ country: 'nl' }, 'country'],
      [{ countryregion: 'NL NH' }, 'countryregion'],
      [{ pp: 'yes' }, 'pp'],
      [{ searchAllCountries: 2 }, 'searchAllCountries'],
      [{ source: 'x'.repeat(51) }, 'source'],
      [{ trafficsource: 'x'.repeat(101) }, 'trafficsource'],
      [{ country: 'NL', countryregion: 'BE-VAN' }, 'countryregion'],
      [{ country: 'NL', countryregion: 'NL-XX' }, 'countryregion'],
      // A region needs a country (a logged-out search covers every country).
      [{ countryregion: 'NL-NH' }, 'countryregion'],
    ];
    for (const [query, field] of bad) {
      const res = await search(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json(), JSON.stringify(query)).toEqual({
        error: { code: 'invalid_input', message: expect.any(String), fields: expect.any(Object) },
      });
      expect(Object.keys(res.json().error.fields), JSON.stringify(query)).toContain(field);
    }
    // Repeated parameters are not one value.
    const twice = await t.app.inject({
      method: 'GET',
      url: '/api/search.php?gender=male&gender=female',
    });
    expect(twice.statusCode).toBe(400);
  });

  it('accepts every parameter of the spec, ignores unknown ones and treats empty values as not given', async () => {
    const id = await addMember({ gender: 'male', dateOfBirth: birthday(30), photo: true });
    const res = await found({
      source: 'members',
      pp: 1,
      auto_load: 1,
      hideNudity: 1,
      searchAllCountries: 1,
      country: 'NL',
      countryregion: 'NL-NH',
      min_age: 26,
      max_age: 35,
      gender: 'male',
      page: 1,
      manual_search: 0,
      do_not_save: 1,
      whatever: 'ignored',
    });
    expect(res.ids).toEqual([id]);
    const blank = await found({ gender: '', min_age: '', max_age: '', country: '', page: '' });
    expect(blank.ids).toEqual([id]);
    expect(blank.body.filter_options).toMatchObject({ gender: null, min_age: null, country: null });
  });

  it('answers num_results exactly up to 10 000 and capped above', async () => {
    await sql`
      insert into members (email, status, activated_at, tracking)
      select 'bulk' || g || '@example.com', 'active', now(), '{}'::jsonb
      from generate_series(1, 10005) g
    `.execute(t.db);
    await sql`
      insert into profiles (member_id, name, gender, date_of_birth, country, countryregion, language)
      select id, 'Bulk',
             case when right(split_part(email, '@', 1), 1) in ('0', '2', '4', '6', '8')
               then 'male' else 'female' end,
             '1990-01-01', 'NL', 'NL-NH', 'en'
      from members where email like 'bulk%'
    `.execute(t.db);
    const all = await found();
    expect(all.body.paging).toEqual({
      num_results: 10_000,
      page: 1,
      per_page: 12,
      num_pages: 834,
      capped: true,
    });
    const half = await found({ gender: 'male' });
    expect(half.body.paging).toMatchObject({ num_results: 5002, capped: false, num_pages: 417 });
    const last = await found({ gender: 'male', page: 417 });
    expect(last.ids).toHaveLength(5002 - 416 * 12);
  });

  it('never answers e-mails, dates of birth or notes the site does not show', async () => {
    const me = await loggedIn({ dateOfBirth: '1977-07-07' });
    await addMember({ dateOfBirth: '1988-08-08' });
    await addMember({ dateOfBirth: '1966-06-06' });
    // Logged in, the searcher is left out; logged out, they are one of the members found.
    for (const [client, count] of [
      [me.client, 2],
      [new Client(t.app), 3],
    ] as const) {
      const res = await search({ searchAllCountries: 1 }, client);
      expect(res.statusCode).toBe(200);
      expect(res.json().profiles).toHaveLength(count);
      expect(res.body).not.toContain('@example.com');
      expect(res.body).not.toContain(me.email);
      expect(res.body).not.toContain('date_of_birth');
      expect(res.body).not.toMatch(/19(66|77|88)-0[678]-0[678]/);
      expect(res.body).not.toContain('secret_note');
    }
  });
});

describe('logged-out search', () => {
  it('is open unless logged_out_search is none', async () => {
    const id = await addMember();
    expect((await found()).ids).toEqual([id]);
    await setSettings({ logged_out_search: 'none' });
    const res = await search();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: 'search_login_required', message: expect.any(String) },
    });
    // A logged-in member searches whatever the setting.
    const me = await loggedIn();
    expect((await found({}, me.client)).ids).toEqual([id]);
  });

  it('lets logged_out_search_trafficsource decide for a visitor with a traffic source', async () => {
    const id = await addMember();
    await setSettings({ logged_out_search: 'none', logged_out_search_trafficsource: 'all' });
    expect((await found({ trafficsource: 'campaign-7' })).ids).toEqual([id]);
    expect((await search({ trafficsource: '' })).statusCode).toBe(403);

    await setSettings({ logged_out_search: 'all', logged_out_search_trafficsource: 'none' });
    const res = await search({ trafficsource: 'campaign-7' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('search_login_required');
    expect((await found()).ids).toEqual([id]);
  });
});

describe('remembered manual search', () => {
  it('applies the last manual search to a later search without filters', async () => {
    const me = await loggedIn({ country: 'NL' });
    const male = await addMember({ gender: 'male', country: 'DE', countryregion: 'DE-BY' });
    const female = await addMember({ gender: 'female', country: 'NL' });

    const manual = await found(
      { manual_search: 1, gender: 'male', searchAllCountries: 1, min_age: 18, max_age: 65 },
      me.client,
    );
    expect(manual.ids).toEqual([male]);
    expect(manual.body.filter_options.remembered).toBe(false);

    const later = await found({}, me.client);
    expect(later.ids).toEqual([male]);
    expect(later.body.filter_options).toEqual({
      gender: 'male',
      min_age: 18,
      max_age: 65,
      country: null,
      countryregion: null,
      pp: false,
      verified: false,
      remembered: true,
    });
    // Paging through the remembered search keeps it.
    expect((await found({ page: 1, auto_load: 1, source: 'members' }, me.client)).ids).toEqual([
      male,
    ]);

    // Any filter parameter means a search of its own.
    const own = await found({ gender: 'female' }, me.client);
    expect(own.ids).toEqual([female]);
    expect(own.body.filter_options.remembered).toBe(false);

    // do_not_save leaves the remembered search as it was.
    await found({ manual_search: 1, do_not_save: 1, gender: 'female' }, me.client);
    expect((await found({}, me.client)).ids).toEqual([male]);

    // A manual search without filters clears it: the defaults apply again.
    const cleared = await found({ manual_search: 1 }, me.client);
    expect(cleared.ids).toEqual([female]);
    const after = await found({}, me.client);
    expect(after.ids).toEqual([female]);
    expect(after.body.filter_options).toMatchObject({ gender: null, country: 'NL' });
  });

  it('remembers the search asked last, also when an earlier one is answered after it', async () => {
    const me = await loggedIn({ country: 'NL' });
    const asked = Date.now();
    const search = (country: string, at: number) =>
      searchMembers(t.db, {
        query: searchQuerySchema.parse({ manual_search: '1', country, pp: '1' }),
        memberId: me.id,
        askedAt: new Date(at),
      });
    // Belgium was chosen after "with photo" in the Netherlands, but answered first.
    await search('BE', asked + 20);
    await search('NL', asked);
    expect((await found({}, me.client)).body.filter_options).toMatchObject({
      country: 'BE',
      pp: true,
      remembered: true,
    });
    // A later choice replaces it as before.
    await search('DE', asked + 40);
    expect((await found({}, me.client)).body.filter_options.country).toBe('DE');
  });

  it('drops a remembered region that no longer fits the country in force', async () => {
    const me = await loggedIn({ country: 'NL' });
    const nh = await addMember({ country: 'NL', countryregion: 'NL-NH' });
    const be = await addMember({ country: 'BE', countryregion: 'BE-VAN' });
    await found({ manual_search: 1, countryregion: 'NL-NH' }, me.client);
    expect((await found({}, me.client)).ids).toEqual([nh]);

    await t.db
      .updateTable('profiles')
      .set({ country: 'BE' })
      .where('member_id', '=', me.id)
      .execute();
    const moved = await found({}, me.client);
    expect(moved.ids).toEqual([be]);
    expect(moved.body.filter_options).toMatchObject({
      country: 'BE',
      countryregion: null,
      remembered: true,
    });
    // Sent by the member, the same region is refused.
    expect((await search({ countryregion: 'NL-NH' }, me.client)).statusCode).toBe(400);
  });

  it('is kept per member and never for a logged-out visitor', async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    const male = await addMember({ gender: 'male' });
    const female = await addMember({ gender: 'female' });
    await found({ manual_search: 1, gender: 'male' }, a.client);
    expect((await found({}, a.client)).ids).toEqual([male]);
    expect((await found({}, b.client)).ids).toEqual(expect.arrayContaining([male, female, a.id]));

    await found({ manual_search: 1, gender: 'female' });
    expect(await t.db.selectFrom('member_searches').select('member_id').execute()).toEqual([
      { member_id: a.id },
    ]);
  });
});

describe('search_fields', () => {
  it('honours only the filters the settings offer', async () => {
    const me = await loggedIn({ country: 'NL' });
    const male = await addMember({ gender: 'male', dateOfBirth: birthday(50) });
    const female = await addMember({
      gender: 'female',
      dateOfBirth: birthday(30),
      countryregion: 'NL-ZH',
    });
    const german = await addMember({ country: 'DE', countryregion: 'DE-BY' });

    await setSettings({ search_fields: ['age'] });
    const res = await found(
      { gender: 'male', min_age: 26, max_age: 35, country: 'DE', countryregion: 'DE-BY' },
      me.client,
    );
    // Gender, country and region are ignored; the member's own country still applies.
    expect(res.ids).toEqual([female]);
    expect(res.body.filter_options).toMatchObject({
      gender: null,
      min_age: 26,
      max_age: 35,
      country: 'NL',
      countryregion: null,
    });

    await setSettings({ search_fields: ['gender', 'country'] });
    expect((await found({ gender: 'male', min_age: 26, max_age: 35 }, me.client)).ids).toEqual([
      male,
    ]);
    expect((await found({ country: 'DE', countryregion: 'NL-ZH' }, me.client)).ids).toEqual([
      german,
    ]);

    await setSettings({ search_fields: [] });
    expect((await found({ gender: 'male', country: 'DE' }, me.client)).ids).toEqual([male, female]);
  });
});

describe('bornOnOrBefore', () => {
  it('takes the same day years earlier, or 28 February for a 29 February in a common year', () => {
    expect(bornOnOrBefore(new Date('2026-11-22T23:59:00Z'), 26)).toBe('2000-11-22');
    expect(bornOnOrBefore(new Date('2028-02-29T08:00:00Z'), 18)).toBe('2010-02-28');
    expect(bornOnOrBefore(new Date('2028-02-29T08:00:00Z'), 20)).toBe('2008-02-29');
    expect(bornOnOrBefore(new Date('2027-03-01T00:00:00Z'), 1)).toBe('2026-03-01');
  });
});
