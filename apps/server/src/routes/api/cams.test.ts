import { RESELL_MIN_MEMBERSHIP_MS } from '@amora/shared/rules/resell';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../config/config.js';
import { DemoCamFeed } from '../../modules/cams/demo-cam-feed.js';
import { readStoredSettings } from '../../modules/site/site.repository.js';
import { createMember } from '../../test/factories.js';
import { Client, createTestApp, type TestApp } from '../../test/test-app.js';
import { camRedirectTarget } from './cams.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const PARTNER = 'https://partner.example/cams/{account}';
const RESELL = 'https://resell.example/offer?src=amora';

interface CamJson {
  account: string;
  name: string;
  age: number;
  gender: string;
  thumb_url: string;
  live: boolean;
}

/** A logged-in member who signed up `signedUpMsAgo` ago, paid until `paidUntil` (or never). */
async function member(
  app: TestApp,
  { signedUpMsAgo = 10 * 86_400_000, paidUntil = null as Date | null } = {},
) {
  const m = await createMember(app.db);
  await app.db
    .updateTable('members')
    .set({ signup_date: new Date(Date.now() - signedUpMsAgo), paid_until: paidUntil })
    .where('id', '=', m.id)
    .execute();
  const client = new Client(app.app);
  const res = await client.call({
    method: 'POST',
    url: '/api/login.php',
    payload: { email: m.email, password: m.password },
  });
  expect(res.statusCode).toBe(200);
  return { ...m, client };
}

const searchCams = async (client: Client, query = '') => {
  const res = await client.call({ method: 'GET', url: `/api/xcams/search.php${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { cams: Record<string, CamJson> };
};

const camCount = async (client: Client) => Object.keys((await searchCams(client)).cams).length;

async function withMemberResell(kinds: string[], run: () => Promise<void>) {
  const stored = await readStoredSettings(t.db);
  const write = (value: unknown) =>
    t.db
      .updateTable('settings')
      .set({ value: JSON.stringify(value) })
      .where('key', '=', 'site')
      .execute();
  await write({ ...stored, member_resell: kinds });
  try {
    await run();
  } finally {
    await write(stored);
  }
}

describe('GET /api/xcams/search.php: who gets webcam profiles', () => {
  it('answers { cams: {} } to a logged-out visitor', async () => {
    expect(await searchCams(new Client(t.app))).toEqual({ cams: {} });
  });

  it('answers cams to a non-paying member who signed up more than 4 days ago', async () => {
    const m = await member(t);
    expect(await camCount(m.client)).toBeGreaterThan(0);
  });

  it('holds the 4-day line: not just before it, yes just after it', async () => {
    const fresh = await member(t, { signedUpMsAgo: 0 });
    const almost = await member(t, { signedUpMsAgo: RESELL_MIN_MEMBERSHIP_MS - MINUTE });
    const past = await member(t, { signedUpMsAgo: RESELL_MIN_MEMBERSHIP_MS + MINUTE });
    expect(await searchCams(fresh.client)).toEqual({ cams: {} });
    expect(await searchCams(almost.client)).toEqual({ cams: {} });
    expect(await camCount(past.client)).toBeGreaterThan(0);
  });

  it('answers nothing to a paying member, and cams again once the plan has run out', async () => {
    const paid = await member(t, { paidUntil: new Date(Date.now() + 86_400_000) });
    const lapsed = await member(t, { paidUntil: new Date(Date.now() - MINUTE) });
    expect(await searchCams(paid.client)).toEqual({ cams: {} });
    expect(await camCount(lapsed.client)).toBeGreaterThan(0);
  });

  it('follows settings.member_resell: cams or camads switch the tiles on, neither off', async () => {
    const m = await member(t);
    await withMemberResell([], async () => {
      expect(await searchCams(m.client)).toEqual({ cams: {} });
    });
    await withMemberResell(['cams'], async () => {
      expect(await camCount(m.client)).toBeGreaterThan(0);
    });
    await withMemberResell(['camads'], async () => {
      expect(await camCount(m.client)).toBeGreaterThan(0);
    });
  });
});

describe('GET /api/xcams/search.php: the answer', () => {
  it('is a map keyed by account, each item a whole webcam profile on our origin', async () => {
    const m = await member(t);
    const { cams } = await searchCams(m.client);
    const entries = Object.entries(cams);
    expect(entries.length).toBeGreaterThan(0);
    expect(Array.isArray(cams)).toBe(false);
    for (const [key, cam] of entries) {
      expect(cam.account).toBe(key);
      expect(Object.keys(cam).sort()).toEqual(
        ['account', 'age', 'gender', 'live', 'name', 'thumb_url'].sort(),
      );
      expect(cam.name).toBeTruthy();
      expect(['male', 'female']).toContain(cam.gender);
      expect(typeof cam.live).toBe('boolean');
      expect(cam.age).toBeGreaterThanOrEqual(18);
      expect(cam.thumb_url).toMatch(/^\/(?!\/)/);
    }
  });

  it('applies gender and age filters; empty parameters mean any', async () => {
    const m = await member(t);
    const all = Object.values((await searchCams(m.client, '?gender=&min_age=&max_age=')).cams);
    expect(all.length).toBeGreaterThan(0);

    const men = Object.values((await searchCams(m.client, '?gender=male')).cams);
    expect(men.length).toBeGreaterThan(0);
    for (const cam of men) expect(cam.gender).toBe('male');

    const aged = Object.values(
      (await searchCams(m.client, '?gender=female&min_age=26&max_age=35')).cams,
    );
    expect(aged.length).toBeGreaterThan(0);
    for (const cam of aged) {
      expect(cam.gender).toBe('female');
      expect(cam.age).toBeGreaterThanOrEqual(26);
      expect(cam.age).toBeLessThanOrEqual(35);
    }

    expect(await searchCams(m.client, '?min_age=99&max_age=100')).toEqual({ cams: {} });
  });

  it('answers 400 invalid_input for bad filters', async () => {
    const m = await member(t);
    for (const query of [
      '?gender=other',
      '?min_age=10',
      '?max_age=101',
      '?min_age=abc',
      '?min_age=-5',
      '?min_age=40&max_age=30',
    ]) {
      const res = await m.client.call({ method: 'GET', url: `/api/xcams/search.php${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
  });

  it('serves each thumbnail from our origin as a WebP image; unknown accounts 404', async () => {
    const m = await member(t);
    const [cam] = Object.values((await searchCams(m.client)).cams);
    const res = await m.client.call({ method: 'GET', url: cam!.thumb_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');

    const again = await m.client.call({ method: 'GET', url: cam!.thumb_url });
    expect(again.rawPayload.equals(bytes)).toBe(true);

    const unknown = await m.client.call({
      method: 'GET',
      url: '/api/xcams/thumb.php?account=nobody_here',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('cam_not_found');
  });
});

describe('the built-in demo feed', () => {
  it('is the same on every instance, and who is live changes only by the hour', async () => {
    const at = Date.UTC(2026, 0, 1, 12, 5);
    const a = await new DemoCamFeed(() => at).search({});
    const b = await new DemoCamFeed(() => at + 50 * MINUTE).search({});
    expect(b).toEqual(a);
    const accounts = a.map((c) => c.account);
    expect(new Set(accounts).size).toBe(accounts.length);
    // Live performers come first.
    const firstOffline = a.findIndex((c) => !c.live);
    if (firstOffline !== -1) expect(a.slice(firstOffline).every((c) => !c.live)).toBe(true);
    const days = await Promise.all(
      Array.from({ length: 24 }, (_, h) => new DemoCamFeed(() => at + h * 60 * MINUTE).search({})),
    );
    const liveSets = new Set(
      days.map((d) =>
        d
          .filter((c) => c.live)
          .map((c) => c.account)
          .join(),
      ),
    );
    expect(liveSets.size).toBeGreaterThan(1);
  });

  it('knows its accounts and no others', async () => {
    const feed = new DemoCamFeed();
    const [first] = await feed.search({});
    expect(await feed.find(first!.account)).toMatchObject({ account: first!.account });
    expect(await feed.find('someone_else')).toBeNull();
    expect(await feed.thumbnail('someone_else')).toBeNull();
  });
});

describe('GET /api/xcams/redirect.php', () => {
  let partner: TestApp;
  beforeAll(async () => {
    partner = await createTestApp({ CAMS_PARTNER_URL: PARTNER, RESELL_PARTNER_URL: RESELL });
  });
  afterAll(() => partner.close());

  const knownAccount = async () => (await new DemoCamFeed().search({}))[0]!.account;

  it('sends a known account to our own premium page when no partner is configured', async () => {
    const account = await knownAccount();
    const res = await new Client(t.app).call({
      method: 'GET',
      url: `/api/xcams/redirect.php?account=${account}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/premium');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends a known account to the configured partner URL with the account in it', async () => {
    const account = await knownAccount();
    const res = await new Client(partner.app).call({
      method: 'GET',
      url: `/api/xcams/redirect.php?account=${account}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`https://partner.example/cams/${account}`);
  });

  it('answers 404 for accounts the feed does not know, and 400 without one', async () => {
    for (const account of ['nobody', 'https://evil.example', '..%2F..%2Fadmin']) {
      const res = await new Client(partner.app).call({
        method: 'GET',
        url: `/api/xcams/redirect.php?account=${account}`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('cam_not_found');
      expect(res.headers.location).toBeUndefined();
    }
    const missing = await new Client(partner.app).call({
      method: 'GET',
      url: '/api/xcams/redirect.php',
    });
    expect(missing.statusCode).toBe(400);
  });

  it('is no open redirect: ?url= and friends are ignored', async () => {
    const account = await knownAccount();
    for (const extra of ['url', 'redirect', 'next', 'target', 'to']) {
      const res = await new Client(partner.app).call({
        method: 'GET',
        url: `/api/xcams/redirect.php?account=${account}&${extra}=${encodeURIComponent('https://evil.example/')}`,
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`https://partner.example/cams/${account}`);
    }
  });

  it('encodes the account into the template', () => {
    expect(camRedirectTarget(PARTNER, 'a b/../?x=1&y#z')).toBe(
      'https://partner.example/cams/a%20b%2F..%2F%3Fx%3D1%26y%23z',
    );
    expect(camRedirectTarget('/premium', 'anyone')).toBe('/premium');
  });
});

describe('GET /api/resellpartner.php', () => {
  let partner: TestApp;
  beforeAll(async () => {
    partner = await createTestApp({ RESELL_PARTNER_URL: RESELL });
  });
  afterAll(() => partner.close());

  const call = (app: TestApp, query: string) =>
    new Client(app.app).call({ method: 'GET', url: `/api/resellpartner.php${query}` });

  it('redirects to our own premium page by default', async () => {
    const res = await call(t, '?flow=profile-search&redirect=1');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/premium');
  });

  it('redirects to the configured partner, whatever else the request says', async () => {
    for (const query of [
      '?flow=profile-search&redirect=1',
      '?flow=profile-search&redirect=true',
      `?flow=profile-search&redirect=1&url=${encodeURIComponent('https://evil.example/')}`,
      `?url=${encodeURIComponent('//evil.example')}&flow=profile-search&redirect=1`,
    ]) {
      const res = await call(partner, query);
      expect(res.statusCode, query).toBe(302);
      expect(res.headers.location).toBe(RESELL);
    }
  });

  it('answers { url } without redirect=1, and 400 for an unknown flow', async () => {
    const res = await call(partner, '?flow=profile-search');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: RESELL });
    for (const query of ['', '?flow=elsewhere&redirect=1', '?flow=profile-search&redirect=maybe']) {
      const bad = await call(partner, query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.code).toBe('invalid_input');
    }
  });
});

describe('partner URLs in the configuration', () => {
  const base = { DATA_DIR: '/tmp/amora-config-test' };

  it('defaults both to our own premium page', () => {
    const config = parseConfig(base);
    expect(config.camsPartnerUrl).toBe('/premium');
    expect(config.resellPartnerUrl).toBe('/premium');
  });

  it('takes http(s) URLs and paths of this site', () => {
    const config = parseConfig({ ...base, CAMS_PARTNER_URL: PARTNER, RESELL_PARTNER_URL: '/x' });
    expect(config.camsPartnerUrl).toBe(PARTNER);
    expect(config.resellPartnerUrl).toBe('/x');
  });

  it('refuses values that would leave the site some other way, naming the variable', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://partner.example/',
      'partner.example/cams',
      'https://partner.example/a b',
      'https://',
    ]) {
      expect(() => parseConfig({ ...base, CAMS_PARTNER_URL: value }), value).toThrow(ConfigError);
      expect(() => parseConfig({ ...base, RESELL_PARTNER_URL: value }), value).toThrow(
        /RESELL_PARTNER_URL/,
      );
    }
  });
});

describe('OpenAPI', () => {
  it('lists the partner calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/xcams/search.php',
      '/api/xcams/redirect.php',
      '/api/xcams/thumb.php',
      '/api/resellpartner.php',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
  });
});
