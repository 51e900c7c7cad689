import { COUNTRIES } from '@amora/shared/constants';
import { PROFILE_FIELD_NAMES } from '@amora/shared/rules/profile-fields';
import { companyInfoSchema, settingsSchema } from '@amora/shared/schemas/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  new Client(t.app).call({ method: 'GET', url, headers });

describe('site calls (open to visitors)', () => {
  it('GET /api/settings.php answers the settings object with defaults', async () => {
    const res = await get('/api/settings.php', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.statusCode).toBe(200);
    const settings = settingsSchema.parse(res.json());
    expect(settings).toMatchObject({ name: 'Amora', signups: 'all', cdn_prefix: '/uploads/' });
    expect(settings.countries).toEqual([...COUNTRIES]);
    expect(settings.geoip_country).toBe('DE');
    expect(settings.geoip_selected_country).toBe('DE');
    expect(settings.minimum_message_costs.NL).toEqual({
      costs: expect.any(Number),
      currency: 'EUR',
    });
  });

  it('keeps changed settings and falls back to the first country when geoip is unknown', async () => {
    await t.db
      .updateTable('settings')
      .set({ value: JSON.stringify({ name: 'Amora Test', countries: ['BE', 'NL'] }) })
      .where('key', '=', 'site')
      .execute();
    const settings = (await get('/api/settings.php', { 'accept-language': 'ja' })).json();
    expect(settings.name).toBe('Amora Test');
    expect(settings.geoip_country).toBeNull();
    expect(settings.geoip_selected_country).toBe('BE');
    expect(settings.search_fields).toEqual([
      'gender',
      'age',
      'country',
      'countryregion',
      'verified',
    ]);
    const regions = (await get('/api/regions.php')).json();
    expect(Object.keys(regions)).toEqual(['BE', 'NL']);
  });

  it('GET /api/companyinfo.php answers the company', async () => {
    const res = await get('/api/companyinfo.php');
    expect(res.statusCode).toBe(200);
    expect(companyInfoSchema.parse(res.json()).name).toBeTruthy();
  });

  it('GET /api/regions.php answers id and name per country', async () => {
    await t.db
      .updateTable('settings')
      .set({ value: JSON.stringify({}) })
      .where('key', '=', 'site')
      .execute();
    const regions = (await get('/api/regions.php')).json();
    expect(Object.keys(regions).sort()).toEqual([...COUNTRIES].sort());
    expect(regions.NL).toContainEqual({ id: 'NL-NH', name: expect.stringMatching(/Holland/) });
    for (const [country, list] of Object.entries<{ id: string }[]>(regions)) {
      expect(list.length).toBeGreaterThan(2);
      for (const r of list) expect(r.id.startsWith(`${country}-`)).toBe(true);
    }
  });

  it('GET /api/profile_fields.php answers allowed values per field, gender included', async () => {
    const fields = (await get('/api/profile_fields.php')).json();
    expect(fields.gender).toEqual({ allowed_values: ['male', 'female'] });
    for (const name of PROFILE_FIELD_NAMES)
      expect(fields[name].allowed_values.length).toBeGreaterThan(1);
    for (const excluded of ['age', 'city', 'countryregion', 'country'])
      expect(fields).not.toHaveProperty(excluded);
  });

  it('GET /api/interests.php answers the interests', async () => {
    const { interests } = (await get('/api/interests.php')).json();
    expect(interests).toContainEqual({ id: 'travel' });
  });
});
