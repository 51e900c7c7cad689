import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, sharedApp, startApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const VISITOR_PAGES = [
  '/',
  '/login',
  '/signup',
  '/landers/video/autumn-campaign',
  '/pages/terms',
  '/pricing',
  '/complaints',
];

const unescapeHtml = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The page as the server sends it, before any script has run. */
async function pageAsSent(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(app.url(path), { headers });
  return { status: response.status, html: await response.text() };
}

describe('visitor pages rendered on the server (decision 046)', () => {
  it('come whole in the visitor’s language, with the scripts after what the page shows', async () => {
    const { status, html } = await pageAsSent('/login', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(status).toBe(200);
    expect(html).toContain('<html lang="de-DE"');
    expect(html).toMatch(/<h1[^>]*>Einloggen<\/h1>/);
    expect(html).toContain('id="amora-page-data"');
    // Its app starts on the visitor's first use (decision 048): the page comes with the
    // start-up script alone, the app's own scripts named only in a template until then.
    expect(html).toContain('data-start="on-use"');
    const preloads = /<template id="amora-start-preloads">([\s\S]*?)<\/template>/.exec(html)?.[1];
    expect(preloads).toMatch(/<link rel="modulepreload"[^>]*startup-[\w-]+\.js/);
    expect(html.replace(preloads ?? '', '')).not.toMatch(/startup-[\w-]+\.js/);
    // Nothing the server knows about anyone is in it: no member is logged in.
    expect(html).not.toContain(DEMO.email);
  });

  it('show their content with scripts off, and a form sent then keeps the password out of the address', async () => {
    // Not app.newPage(): its goto waits for the app, which never runs here.
    const context = await app.browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(app.url('/login'));
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await page.getByLabel('E-mail address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(page.url()).not.toContain('password');
    expect(page.url()).not.toContain(encodeURIComponent(DEMO.email));
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await context.close();
  });

  it('are taken over by the app without a mismatch, and work as before', async () => {
    const { context, page } = await app.newPage({ locale: 'fr-FR' });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    for (const path of VISITOR_PAGES) {
      await page.goto(app.url(path));
      expect(await page.locator('#amora-page-data').count(), path).toBe(1);
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe('fr-FR');
    }
    expect(problems).toEqual([]);

    // The taken-over login form logs in.
    await page.goto(app.url('/login'));
    await page.getByLabel('Adresse e-mail').fill(DEMO.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL(/\/members$/);
    expect(problems).toEqual([]);

    // A member gets the app's bare page, which the app renders itself.
    await page.goto(app.url('/'));
    expect(await page.locator('#amora-page-data').count()).toBe(0);
    await page.waitForURL(/\/members$/);
    await context.close();
  });

  it('start their app on the visitor’s first use, which then does what was clicked or sent before it came', async () => {
    const context = await app.browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    // Not app.newPage(): its goto starts the app, which is what this test watches.
    const page = await context.newPage();
    const scripts: string[] = [];
    const pagesAsked: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      if (request.isNavigationRequest()) pagesAsked.push(new URL(request.url()).pathname);
    });
    // A slow connection: the app's scripts take a second, time enough to act before them.
    let slow = true;
    await context.route(/\/assets\/startup-/, async (route) => {
      if (slow) await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });

    await page.goto(app.url('/'), { waitUntil: 'networkidle' });
    expect(scripts.some((path) => path.includes('/startup-'))).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();

    // A link clicked before the app is there: the app follows it, without loading a page.
    await page.locator('header').getByRole('link', { name: 'Log in', exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('starting');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(pagesAsked).toEqual(['/']);

    // Typed and sent before the app is there: the app logs the member in with it.
    await page.goto(app.url('/login'), { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    await page.getByLabel('E-mail address').pressSequentially(DEMO.email);
    await page.getByLabel('Password', { exact: true }).pressSequentially(DEMO.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/members$/);
    expect(pagesAsked).toEqual(['/', '/login']);

    // Should the app not load at all, a link held for it is followed by the browser.
    slow = false;
    await context.clearCookies();
    await context.route(/\/assets\/startup-/, (route) => route.abort());
    await page.goto(app.url('/pages/terms'), { waitUntil: 'networkidle' });
    await page.locator('header').getByRole('link', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/login$/);
    expect(pagesAsked.at(-1)).toBe('/login');
    await context.close();
  });

  it('keep what a visitor typed before the app came, and the app goes on from it', async () => {
    const context = await app.browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    await context.route(/\/assets\/startup-/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(app.url('/landers/video/typed-first'), { waitUntil: 'networkidle' });
    const form = page.locator('.signup-flow');
    await form.getByLabel('E-mail address').pressSequentially('anna.smith@example.org');
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    // The signup form fills the name from the address as it is typed: with the app there,
    // it has been told the address.
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    await expect.poll(() => form.getByLabel('Your first name').inputValue()).toBe('Anna smith');
    expect(await form.getByLabel('E-mail address').inputValue()).toBe('anna.smith@example.org');
    await context.close();
  });

  it('come with the members a lander shows, its first photo alone and fetched at once, and no second search', async () => {
    // As the browser below asks: the visitor's language also places them (geoip fallback).
    const { html } = await pageAsSent('/landers/video/spring-campaign', {
      'accept-language': 'en-US',
    });
    const label = unescapeHtml(/aria-label="(Photos of members: [^"]+)"/.exec(html)?.[1] ?? '');
    expect(label.split(',').length).toBeGreaterThan(1);
    // One face of the slideshow is shown at a time: a phone's first load fetches one photo.
    const photos = [...html.matchAll(/<img src="\/uploads\/[^"]+"[^>]*>/g)].map(([tag]) => tag);
    expect(photos).toHaveLength(1);
    expect(photos[0]).toContain('loading="eager"');
    expect(photos[0]).toMatch(/fetchpriority="high"/i);

    const { context, page } = await app.newPage();
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search.php')) searches.push(request.url());
    });
    await page.goto(app.url('/landers/video/spring-campaign'));
    const faces = page.getByRole('img', { name: /^Photos of members: / });
    // The app took the page over with the members the server read for it; the other
    // faces join a moment later.
    expect(await faces.getAttribute('aria-label')).toBe(label);
    await expect.poll(() => faces.locator('img').count()).toBe(label.split(',').length);
    expect(searches).toEqual([]);
    await context.close();
  });

  it('answer a form sent to a page with the page again, and a member’s page is never rendered', async () => {
    const posted = await fetch(app.url('/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEMO.email, password: DEMO.password }),
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/login');

    const members = await pageAsSent('/members');
    expect(members.status).toBe(200);
    expect(members.html).toContain('<div id="root"></div>');
  });
});

describe('the renderings one address may cause', () => {
  it('are limited a minute; past it the bare app comes, while a kept page still comes rendered', async () => {
    const own = await startApp({ PAGE_RENDERS_PER_MINUTE: '3' });
    try {
      const rendered = async (path: string) =>
        (await (await fetch(own.url(path))).text()).includes('id="amora-page-data"');
      // Ever new addresses, each a new rendering.
      expect(await rendered('/pages/terms?n=1')).toBe(true);
      expect(await rendered('/pages/terms?n=2')).toBe(true);
      expect(await rendered('/pages/terms?n=3')).toBe(true);
      expect(await rendered('/pages/terms?n=4')).toBe(false);
      // A page kept from a moment ago costs nothing.
      expect(await rendered('/pages/terms?n=1')).toBe(true);
    } finally {
      await own.close();
    }
  });
});
