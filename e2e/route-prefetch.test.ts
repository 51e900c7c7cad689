import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, sharedApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

/** The screens' scripts the page asks for, by the module they are named after. */
function screenRequests(page: Page): string[] {
  const screens: string[] = [];
  page.on('request', (request) => {
    const name = /\/assets\/([a-z-]+-page)-[\w-]+\.js$/.exec(request.url())?.[1];
    if (name) screens.push(name);
  });
  return screens;
}

describe('route prefetch (spec section 9)', () => {
  it('loads the screens the page links to once the app runs, not before the page has loaded', async () => {
    // Not app.newPage(): its goto waits for the app, and this test watches what comes before.
    const context = await app.browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    const screens = screenRequests(page);
    const atLoad: string[] = [];
    page.on('load', () => atLoad.push(...screens));
    await page.goto(`${app.server.url}/login`, { waitUntil: 'load' });
    // The visitor's page came rendered and loads nothing of the app, its own screen
    // included, before it has loaded (decision 054).
    expect(atLoad).toEqual([]);
    // Untouched, the app comes, then the screens the login page links to: the signup and
    // the password reset, one after the other (decision 055).
    await expect.poll(() => screens).toEqual(expect.arrayContaining(['login-page']));
    await expect.poll(() => screens).toEqual(expect.arrayContaining(['signup-page']));
    await expect.poll(() => screens).toEqual(expect.arrayContaining(['reset-password-page']));
    // Going there uses the prefetched script: it is not asked for again.
    await page.getByRole('link', { name: 'Create a free account' }).click();
    await page.waitForURL('**/signup');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(screens.filter((screen) => screen === 'signup-page')).toHaveLength(1);
    await context.close();
  });

  it('fetches nothing ahead on a data saver or a 2G connection', async () => {
    for (const connection of [{ saveData: true }, { effectiveType: '2g' }]) {
      const { context, page } = await app.newPage({ serviceWorkers: 'block' });
      await page.addInitScript((value) => {
        Object.defineProperty(navigator, 'connection', { value, configurable: true });
      }, connection);
      const screens = screenRequests(page);
      await page.goto(`${app.server.url}/login`, { waitUntil: 'networkidle' });
      await page.mouse.move(100, 100);
      await page.keyboard.press('Tab');
      await page.waitForLoadState('networkidle');
      // Time for an idle callback to have run, had it been asked for.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      expect(screens, JSON.stringify(connection)).toEqual(['login-page']);
      await context.close();
    }
  });
});

describe('the page announces what it will need (issue 24)', () => {
  it('preloads the screen and the visitor’s locale table, each fetched once', async () => {
    const html = await (
      await fetch(`${app.server.url}/login`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } })
    ).text();
    // A visitor's login page comes rendered (decision 046) and starts its app after load
    // (decision 054): what the app will need is announced then, from a template.
    const preloads = /<template id="amora-start-preloads">([\s\S]*?)<\/template>/.exec(html)?.[1];
    expect(preloads).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/login-page-[\w-]+\.js">/,
    );
    expect(preloads).toMatch(
      /<link rel="preload" as="fetch" crossorigin href="\/_i18n\/de\/messages\.json\?v=/,
    );

    const { context, page } = await app.newPage({ locale: 'de-DE', serviceWorkers: 'block' });
    await page.goto(`${app.server.url}/login`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('h1').textContent()).toBe('Einloggen');
    // What the app fetches once it runs.
    await page.waitForLoadState('networkidle');
    const fetched = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/_i18n/') || /login-page-/.test(path)),
    );
    // German only: the English table is not loaded beside it.
    expect(fetched.sort()).toEqual([
      '/_i18n/de/messages.json',
      expect.stringMatching(/login-page-/),
    ]);
    await context.close();
  });
});
