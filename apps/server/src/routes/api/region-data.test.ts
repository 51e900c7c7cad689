import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addFindableMember } from '../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

/** settings.region_data: the console's switch, and what a site without regions does. */

const ADMIN = 'regions-admin@amora.example';
let t: TestApp;
let admin: Awaited<ReturnType<typeof logInNewMember>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await logInNewMember(t, { email: ADMIN, name: 'Owner' });
});
afterAll(() => t.close());

/** Flips the switch the way the staff console saves it. */
async function setRegionData(on: boolean) {
  const site = (
    await admin.client.call({ method: 'GET', url: '/api/admin/settings.php' })
  ).json() as { version: number; settings: Record<string, unknown>; company: unknown };
  const saved = await admin.client.call({
    method: 'PUT',
    url: '/api/admin/settings.php',
    payload: { ...site, settings: { ...site.settings, region_data: on } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

beforeEach(() => setRegionData(true));

const put = (client: Client, payload: Record<string, unknown>) =>
  client.call({ method: 'PUT', url: '/api/user.php', payload });

const storedRegion = async (memberId: number) =>
  (
    await t.db
      .selectFrom('profiles')
      .select(['country', 'countryregion', 'city'])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow()
  ).countryregion;

describe('the console switch', () => {
  it('reaches the settings every app reads', async () => {
    await setRegionData(false);
    const off = await new Client(t.app).call({ method: 'GET', url: '/api/settings.php' });
    expect(off.json().region_data).toBe(false);
    await setRegionData(true);
    const on = await new Client(t.app).call({ method: 'GET', url: '/api/settings.php' });
    expect(on.json().region_data).toBe(true);
  });
});

describe('PUT /api/user.php with a location, on a site without regions', () => {
  it('takes a country and a city, and drops the region stored before', async () => {
    const m = await logInNewMember(t);
    expect(await storedRegion(m.id)).toBe('NL-NH');
    await setRegionData(false);
    const res = await put(m.client, { country: 'BE', city: 'Gent' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.profile).toMatchObject({
      country: 'BE',
      countryregion: null,
      city: 'Gent',
    });
    expect(await storedRegion(m.id)).toBeNull();
  });

  it('refuses a countryregion with 400 regions_off and stores nothing', async () => {
    const m = await logInNewMember(t);
    await setRegionData(false);
    const res = await put(m.client, { country: 'BE', countryregion: 'BE-VAN', city: 'Antwerpen' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'regions_off',
      fields: { countryregion: expect.any(String) },
    });
    const stored = await t.db
      .selectFrom('profiles')
      .select(['country', 'countryregion'])
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ country: 'NL', countryregion: 'NL-NH' });
  });

  it('still needs a region while the site uses regions', async () => {
    const m = await logInNewMember(t);
    const res = await put(m.client, { country: 'BE', city: 'Gent' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_input',
      fields: { countryregion: expect.any(String) },
    });
  });
});

describe('GET /api/search.php on a site without regions', () => {
  it('ignores a region, sent or remembered, and says none is in force', async () => {
    const north = await addFindableMember(t.db, { country: 'NL', countryregion: 'NL-NH' });
    const south = await addFindableMember(t.db, { country: 'NL', countryregion: 'NL-ZH' });
    const me = await logInNewMember(t);
    const ids = (body: { profiles: { id: number }[] }) => body.profiles.map((p) => p.id);
    const search = async (query: string) => {
      const res = await me.client.call({ method: 'GET', url: `/api/search.php?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    // With regions, the region filters (and is remembered with the manual search).
    const regional = await search('country=NL&countryregion=NL-ZH&manual_search=1');
    expect(ids(regional)).toContain(south);
    expect(ids(regional)).not.toContain(north);

    await setRegionData(false);
    const sent = await search('country=NL&countryregion=NL-ZH');
    expect(ids(sent)).toEqual(expect.arrayContaining([north, south]));
    expect(sent.filter_options).toMatchObject({ country: 'NL', countryregion: null });
    // A region without a country is no longer a mistake to point out: it is not read at all.
    expect(
      (
        await me.client.call({
          method: 'GET',
          url: '/api/search.php?searchAllCountries=1&countryregion=NL-ZH',
        })
      ).statusCode,
    ).toBe(200);
    const remembered = await search('');
    expect(remembered.filter_options).toMatchObject({ remembered: true, countryregion: null });
    expect(ids(remembered)).toEqual(expect.arrayContaining([north, south]));
  });
});
