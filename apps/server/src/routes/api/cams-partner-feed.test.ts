import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../config/config.js';
import { DemoCamFeed } from '../../modules/cams/demo-cam-feed.js';
import { createMember } from '../../test/factories.js';
import {
  type CamFeedStandIn,
  standInPerformer,
  startCamFeedStandIn,
} from '../../test/stand-ins/cam-feed-stand-in.js';
import { Client, createTestApp, type TestApp } from '../../test/test-app.js';

/** Webcam partner content: none in production without CAM_FEED_URL, the partner's with it. */

const production = {
  MODE: 'production',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SECRET_KEY: 'production-secret-key-0123456789abcdef',
};
const PARTNER = 'https://partner.example/cams/{account}';

/** A logged-in member who may see partner tiles: signed up 10 days ago, never paid. */
async function eligibleMember(t: TestApp) {
  const m = await createMember(t.db);
  await t.db
    .updateTable('members')
    .set({ signup_date: new Date(Date.now() - 10 * 86_400_000) })
    .where('id', '=', m.id)
    .execute();
  const client = new Client(t.app);
  const res = await client.call({
    method: 'POST',
    url: '/api/login.php',
    payload: { email: m.email, password: m.password },
  });
  expect(res.statusCode).toBe(200);
  return client;
}

const get = (client: Client, url: string) => client.call({ method: 'GET', url });

describe('a production server without CAM_FEED_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(production);
  });
  afterAll(() => t.close());

  it('serves member_resell without cams and camads, though they are stored', async () => {
    const stored = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'site')
      .executeTakeFirstOrThrow();
    expect((stored.value as { member_resell: string[] }).member_resell).toEqual(['cams', 'camads']);
    const settings = (await get(new Client(t.app), '/api/settings.php')).json();
    expect(settings.member_resell).toEqual([]);
  });

  it('answers /api/xcams/* with no performers: an empty map, and 404 for any account', async () => {
    const client = await eligibleMember(t);
    expect((await get(client, '/api/xcams/search.php')).json()).toEqual({ cams: {} });
    // The demo's fictional performers are unknown here.
    const [demo] = await new DemoCamFeed().search({});
    for (const url of [
      `/api/xcams/redirect.php?account=${demo!.account}`,
      `/api/xcams/thumb.php?account=${demo!.account}`,
    ]) {
      const res = await get(client, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('cam_not_found');
    }
  });
});

describe('a partner feed (CAM_FEED_URL)', () => {
  let partner: CamFeedStandIn;
  let t: TestApp;
  beforeAll(async () => {
    partner = await startCamFeedStandIn([
      standInPerformer('anna_rose', { live: false, age: 24 }),
      standInPerformer('bo_star', { gender: 'male', age: 41 }),
      standInPerformer('cleo_sky', { age: 33 }),
      // Entries that do not fit the format are left out, the rest still shows.
      standInPerformer('too_young', { age: 17 }),
      standInPerformer('elsewhere', { thumbnail: 'https://tracker.example/pixel.jpg' }),
      { ...standInPerformer('no_gender'), gender: 'other' },
    ]);
    t = await createTestApp({
      ...production,
      CAM_FEED_URL: partner.url,
      CAMS_PARTNER_URL: PARTNER,
    });
  });
  afterAll(async () => {
    await t?.close();
    await partner?.close();
  });

  it('keeps member_resell as stored, and answers the partner performers, live first', async () => {
    const settings = (await get(new Client(t.app), '/api/settings.php')).json();
    expect(settings.member_resell).toEqual(['cams', 'camads']);

    const client = await eligibleMember(t);
    const res = await get(client, '/api/xcams/search.php');
    expect(res.statusCode).toBe(200);
    const cams = Object.values(res.json().cams) as { account: string; live: boolean }[];
    expect(cams.map((c) => c.account)).toEqual(['bo_star', 'cleo_sky', 'anna_rose']);
    expect(res.json().cams.cleo_sky).toEqual({
      account: 'cleo_sky',
      name: 'Cleo',
      age: 33,
      gender: 'female',
      live: true,
      thumb_url: '/api/xcams/thumb.php?account=cleo_sky',
    });
    // Nothing in the answer makes the browser load anything from the partner.
    expect(res.body).not.toContain('127.0.0.1');
    expect(res.body).not.toContain('tracker.example');

    const men = (await get(client, '/api/xcams/search.php?gender=male')).json();
    expect(Object.keys(men.cams)).toEqual(['bo_star']);
    const young = (await get(client, '/api/xcams/search.php?min_age=18&max_age=25')).json();
    expect(Object.keys(young.cams)).toEqual(['anna_rose']);
  });

  it('asks the partner for the list once, however many searches come', async () => {
    const client = await eligibleMember(t);
    const before = partner.requests.filter((p) => p.startsWith('/feed.json')).length;
    await Promise.all(
      Array.from({ length: 5 }, () => get(client, '/api/xcams/search.php?gender=female')),
    );
    const after = partner.requests.filter((p) => p.startsWith('/feed.json')).length;
    expect(after - before).toBeLessThanOrEqual(1);
    // The feed is the only address asked: no other origin, and the key went along.
    expect(partner.requests.filter((p) => p.startsWith('/feed.json'))).toContain(
      '/feed.json?key=partner-secret-123',
    );
  });

  it('serves thumbnails from our own origin as WebP, fetched from the partner once', async () => {
    const client = await eligibleMember(t);
    const first = await get(client, '/api/xcams/thumb.php?account=cleo_sky');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const again = await get(client, '/api/xcams/thumb.php?account=cleo_sky');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(partner.requests.filter((p) => p === '/thumbs/cleo_sky.jpg')).toHaveLength(1);
    // An entry the feed did not pass is no account of ours: nothing is fetched for it.
    const refused = await get(client, '/api/xcams/thumb.php?account=elsewhere');
    expect(refused.statusCode).toBe(404);
  });

  it('redirects only the accounts the feed lists, to the configured partner URL', async () => {
    const client = await eligibleMember(t);
    const res = await get(client, '/api/xcams/redirect.php?account=bo_star');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://partner.example/cams/bo_star');
    const [demo] = await new DemoCamFeed().search({});
    for (const account of [demo!.account, 'too_young']) {
      const unknown = await get(client, `/api/xcams/redirect.php?account=${account}`);
      expect(unknown.statusCode, account).toBe(404);
    }
  });
});

describe('a partner feed that fails', () => {
  let partner: CamFeedStandIn;
  let t: TestApp;
  beforeAll(async () => {
    partner = await startCamFeedStandIn([standInPerformer('anna_rose')]);
    partner.answer = { status: 500, contentType: 'text/plain', body: 'down' };
    t = await createTestApp({ CAM_FEED_URL: partner.url });
  });
  afterAll(async () => {
    await t?.close();
    await partner?.close();
  });

  it('hides the tiles, and answers a click 503 cam_feed_unavailable', async () => {
    const client = await eligibleMember(t);
    const search = await get(client, '/api/xcams/search.php');
    expect(search.statusCode).toBe(200);
    expect(search.json()).toEqual({ cams: {} });
    const click = await get(client, '/api/xcams/redirect.php?account=anna_rose');
    expect(click.statusCode).toBe(503);
    expect(click.json().error.code).toBe('cam_feed_unavailable');
    expect(click.body).not.toContain('partner-secret');
  });
});

describe('CAM_FEED_URL in the configuration', () => {
  const base = { DATA_DIR: '/tmp/amora-config-test' };

  it('takes an https URL, and plain http only to this machine, naming the variable', () => {
    expect(
      parseConfig({ ...base, CAM_FEED_URL: 'https://feed.partner.example/x.json' }),
    ).toMatchObject({ camFeedUrl: 'https://feed.partner.example/x.json' });
    expect(
      parseConfig({ ...base, CAM_FEED_URL: 'http://127.0.0.1:8080/feed.json' }).camFeedUrl,
    ).toBe('http://127.0.0.1:8080/feed.json');
    for (const value of ['http://feed.partner.example/x.json', 'ftp://partner.example/', 'feed']) {
      expect(() => parseConfig({ ...base, CAM_FEED_URL: value }), value).toThrow(ConfigError);
      expect(() => parseConfig({ ...base, CAM_FEED_URL: value }), value).toThrow(/CAM_FEED_URL/);
    }
  });

  it('warns when the tiles would lead to /premium instead of the partner', () => {
    const feed = { ...base, CAM_FEED_URL: 'https://feed.partner.example/x.json' };
    expect(parseConfig(feed).warnings).toEqual([expect.stringMatching(/CAMS_PARTNER_URL/)]);
    expect(parseConfig({ ...feed, CAMS_PARTNER_URL: PARTNER }).warnings).toEqual([]);
  });
});
