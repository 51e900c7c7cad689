import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALE_MESSAGES_MAX_AGE_SECONDS } from '@amora/shared/rules/locale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, logInNewMember, type TestApp } from '../test/test-app.js';

const ADMIN = 'owner@amora-web-app.example';
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A web build of its own with two locales' message tables.
  webDist = mkdtempSync(join(tmpdir(), 'amora-web-'));
  for (const locale of ['en', 'de']) {
    mkdirSync(join(webDist, '_i18n', locale), { recursive: true });
    writeFileSync(join(webDist, '_i18n', locale, 'messages.json'), '{"common":{}}');
  }
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Amora</title>');
  t = await createTestApp({ WEB_DIST: webDist, ADMIN_EMAILS: ADMIN });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('settings.uncacheable_locales', () => {
  it('answers those locales’ message tables with no-cache, the others for a day', async () => {
    const visitor = new Client(t.app);
    const cacheOf = async (locale: string) => {
      const res = await visitor.call({ method: 'GET', url: `/_i18n/${locale}/messages.json?v=1` });
      expect(res.statusCode).toBe(200);
      return res.headers['cache-control'];
    };
    const aDay = `public, max-age=${LOCALE_MESSAGES_MAX_AGE_SECONDS}`;
    expect(await cacheOf('de')).toBe(aDay);
    expect((await visitor.call({ method: 'GET', url: '/api/settings.php' })).json()).toMatchObject({
      uncacheable_locales: [],
    });

    // An admin lists German in the console.
    const owner = await logInNewMember(t, { email: ADMIN });
    const site = (
      await owner.client.call({ method: 'GET', url: '/api/admin/settings.php' })
    ).json();
    const saved = await owner.client.call({
      method: 'PUT',
      url: '/api/admin/settings.php',
      payload: { ...site, settings: { ...site.settings, uncacheable_locales: ['de'] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    expect(await cacheOf('de')).toBe('no-cache');
    expect(await cacheOf('en')).toBe(aDay);
    expect((await visitor.call({ method: 'GET', url: '/api/settings.php' })).json()).toMatchObject({
      uncacheable_locales: ['de'],
    });
  });
});
