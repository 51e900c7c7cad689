import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, logInThroughUi, sharedApp } from './support/app-fixture.js';
import { saveSiteSettings } from './support/site-settings.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const ADMIN = { email: 'admin@amora.test', password: DEMO.password };

describe('settings.uncacheable_locales in the browser', () => {
  it('makes the app check a locale it kept in its cache with the server, and only that one', async () => {
    const admin = await app.newPage();
    await logInThroughUi(admin.page, app.server.url, ADMIN);
    const saveLocales = (locales: string[]) =>
      saveSiteSettings(admin.page, app.server.url, { uncacheable_locales: locales });

    // A German visitor; the service worker is kept out so the HTTP cache answers alone.
    const { context, page } = await app.newPage({ serviceWorkers: 'block' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: app.server.url }]);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let seen: Record<string, boolean> = {};
    cdp.on('Network.responseReceived', (event) => {
      const locale = /\/_i18n\/([a-z]{2})\//.exec(event.response.url)?.[1];
      if (locale) seen[locale] = event.response.fromDiskCache === true;
    });
    const load = async () => {
      seen = {};
      await page.goto(app.url('/pages/faq'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => 'de' in seen).toBe(true);
      await page.waitForLoadState('networkidle');
      return { ...seen };
    };

    try {
      await load();
      expect((await load()).de).toBe(true); // kept for a day
      await saveLocales(['de']);
      await load(); // the settings answer tells the app
      const listed = await load();
      expect(listed.de).toBe(false); // checked with the server now
      expect('en' in listed).toBe(false); // the fallback's table is not loaded beside it
      await saveLocales([]);
      await load();
      await load();
      expect((await load()).de).toBe(true);
    } finally {
      await saveLocales([]);
      await context.close();
      await admin.context.close();
    }
  });
});
