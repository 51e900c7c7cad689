import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const geocode = (query: string) =>
  new Client(t.app).call({ method: 'GET', url: `/api/geocode.php?${query}` });

describe('GET /api/geocode.php', () => {
  it('answers country, region id and city for a position in a served country', async () => {
    const res = await geocode('lat=52.0907&lon=5.1214');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ country: 'NL', countryregion: 'NL-UT', city: 'Utrecht' });
  });

  it('finds the nearest place in other served countries too', async () => {
    const res = await geocode('lat=50.8503&lon=4.3517');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ country: 'BE', countryregion: 'BE-BRU' });
  });

  it('answers 404 no_place_found in mid-ocean', async () => {
    const res = await geocode('lat=40&lon=-40');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'no_place_found', message: expect.any(String) } });
  });

  it('answers 404 where the nearest place is in a country the site does not serve', async () => {
    const row = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'site')
      .executeTakeFirstOrThrow();
    const original = JSON.stringify(row.value);
    await t.db
      .updateTable('settings')
      .set({ value: JSON.stringify({ ...(row.value as object), countries: ['BE'] }) })
      .where('key', '=', 'site')
      .execute();
    try {
      expect((await geocode('lat=52.0907&lon=5.1214')).statusCode).toBe(404);
    } finally {
      await t.db
        .updateTable('settings')
        .set({ value: original })
        .where('key', '=', 'site')
        .execute();
    }
  });

  it('answers 400 for coordinates that are out of range or not numbers', async () => {
    for (const query of ['lat=91&lon=5', 'lat=52&lon=181', 'lat=abc&lon=5', 'lon=5', 'lat=52']) {
      const res = await geocode(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
  });

  it('works logged out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/geocode.php?lat=52.37&lon=4.89' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ country: 'NL', countryregion: 'NL-NH', city: 'Amsterdam' });
  });
});
