import { APP_ROUTES } from '@amora/shared/routes';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, logInThroughUi, sharedApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const SAMPLE_PARAMS: Record<string, string> = {
  memberId: '1',
  chatId: '1',
  slug: 'summer',
  type: 'received',
  creditId: '1',
  transactionId: 'tx1',
};
/**
 * Goes to `path` inside the loaded app, as a link would (the router follows popstate):
 * the screen renders without loading the whole app again, which a full load per route
 * would cost the suite several CPU-seconds per screen.
 */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const samplePath = (path: string) =>
  path
    .replace(/\/:(\w+)\?/g, '')
    .replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'x');

describe('session through the UI', () => {
  it('logs in and out with the forms and buttons', async () => {
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url);
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Main navigation' }).first().isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    const user = await page.request.get(app.url('/api/user.php'));
    expect(user.status()).toBe(403);
    await context.close();
  });

  it('shows a wrong password in place, without leaving the page', async () => {
    const { context, page } = await app.newPage();
    await page.goto(app.url('/login'));
    await page.getByLabel('E-mail address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not correct');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('checks the e-mail format before sending anything', async () => {
    const { context, page } = await app.newPage();
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/login.php')) posted = true;
    });
    await page.goto(app.url('/login'));
    await page.getByLabel('E-mail address').fill('not-an-address');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect
      .poll(() => page.getByText('Value is not a valid email address').isVisible())
      .toBe(true);
    expect(posted).toBe(false);
    await context.close();
  });
});

describe('routes', () => {
  it('sends a logged-out visitor on every login-only route to the login page', async () => {
    const { context, page } = await app.newPage();
    await page.goto(app.url('/login'));
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    for (const route of APP_ROUTES.filter((r) => r.auth === 'required')) {
      for (const path of [route.path, ...(route.aliases ?? [])].map(samplePath)) {
        await navigateInApp(page, path);
        await page.waitForURL((url) => url.searchParams.get('redirect') === path);
        expect(new URL(page.url()).pathname, path).toBe('/login');
      }
    }
    // A full load of such a route is turned away the same way.
    await page.goto(app.url('/chats'));
    await page.waitForURL(/\/login\?redirect=%2Fchats$/);
    await context.close();
  });

  it('loads every open route logged out, with a heading', async () => {
    const { context, page } = await app.newPage();
    // /members/{id}/chat is open in the table, but its page sends a visitor to log in
    // first (e2e/chat.test.ts checks that). /_dev opens the developer panel and goes on to
    // / (e2e/dev-panel.test.ts).
    const sendsToLogin = new Set(['members-memberId-chat', 'dev']);
    const open = APP_ROUTES.filter(
      (r) => r.auth !== 'required' && !r.redirectTo && !sendsToLogin.has(r.name),
    );
    await page.goto(app.url('/'));
    for (const route of open) {
      const path = samplePath(route.path);
      // The server answers the app for the route; the app, already loaded, renders it.
      expect((await page.request.get(app.url(path))).status(), path).toBe(200);
      await navigateInApp(page, path);
      // The root layout names the page it shows: the route has rendered once it does.
      const shown = route.name === 'index' ? 'index' : `app-${route.name}-page`;
      await page.locator(`.${shown}`).waitFor({ state: 'attached' });
      await expect.poll(() => page.locator('h1').first().isVisible(), { message: path }).toBe(true);
      expect(new URL(page.url()).pathname, path).toBe(path);
      // Every screen of the route table is built: none shows the "opens soon" placeholder.
      expect(await page.getByText(/is being finished and opens soon/).count(), path).toBe(0);
    }
    await context.close();
  });

  it('answers an unknown path with status 404 and the not-found page', async () => {
    const { context, page } = await app.newPage();
    const response = await page.goto(app.url('/no/such/page'));
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Page not found: /no/such/page');
    await context.close();
  });

  it('shows a logged-in member other members on the error page', async () => {
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url);
    const response = await page.goto(app.url('/members/abc'));
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Page not found: /members/abc');
    await expect.poll(() => page.locator('.member-card').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('takes a member back to the page they wanted after logging in', async () => {
    const { context, page } = await app.newPage();
    await page.goto(app.url('/chats'));
    await page.waitForURL(/\/login\?redirect=%2Fchats/);
    await page.getByLabel('E-mail address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/chats$/);
    await context.close();
  });
});

describe('languages', () => {
  it('follows the browser language on a first visit', async () => {
    const { context, page } = await app.newPage({ locale: 'de-DE' });
    await page.goto(app.url('/login'));
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de-DE');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Einloggen');
    await context.close();
  });

  it('prefers the locale cookie over the browser language', async () => {
    const { context, page } = await app.newPage({ locale: 'de-DE' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'nl', url: app.server.url }]);
    await page.goto(app.url('/login'));
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('nl-NL');
    await context.close();
  });

  it('switches language and remembers it in the cookie for a year', async () => {
    const { context, page } = await app.newPage();
    await page.goto(app.url('/login'));
    await page.getByLabel('Language').first().selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr-FR');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie).toMatchObject({ value: 'fr', sameSite: 'Lax', path: '/' });
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr-FR');
    await context.close();
  });
});

describe('requests', () => {
  it('sends both app headers on every API call and never leaves the origin', async () => {
    const { context, page } = await app.newPage();
    const apiCalls: Request[] = [];
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(app.server.url) && !url.startsWith('data:') && !url.startsWith('blob:'))
        foreign.push(url);
      // Calls the app makes; an <img> of a webcam tile (thumb.php) cannot carry headers.
      else if (url.includes('/api/') && ['fetch', 'xhr'].includes(request.resourceType()))
        apiCalls.push(request);
    });
    await page.goto(app.url('/'));
    await logInThroughUi(page, app.server.url);
    await page.waitForTimeout(1500);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    expect(apiCalls.length).toBeGreaterThan(5);
    for (const request of apiCalls) {
      const headers = await request.allHeaders();
      expect(headers['x-app-package'], request.url()).toBeTruthy();
      expect(headers['x-original-host'], request.url()).toBe(new URL(app.server.url).host);
    }
    expect(foreign).toEqual([]);
    await context.close();
  });

  it('refreshes the user at once, chats and likes a second later, then all every minute', async () => {
    const { context, page } = await app.newPage();
    await page.clock.install();
    const calls: { path: string; at: number }[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (['/api/user.php', '/api/chats.php', '/api/likes.php'].includes(pathname)) {
        calls.push({ path: pathname, at: Date.now() });
      }
    });
    await logInThroughUi(page, app.server.url);
    const afterLogin = calls.length;
    expect(calls.slice(0, afterLogin).some((c) => c.path === '/api/chats.php')).toBe(false);
    const listsLoaded = Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/chats.php')),
      page.waitForResponse((r) => r.url().endsWith('/api/likes.php')),
    ]);
    await page.clock.runFor(1_100);
    await listsLoaded;
    await expect.poll(() => calls.filter((c) => c.path === '/api/chats.php').length).toBe(1);
    await expect.poll(() => calls.filter((c) => c.path === '/api/likes.php').length).toBe(1);
    const firstUser = calls.findIndex((c) => c.path === '/api/user.php');
    const firstChats = calls.findIndex((c) => c.path === '/api/chats.php');
    expect(firstUser).toBeLessThan(firstChats);
    const before = { user: calls.filter((c) => c.path === '/api/user.php').length };
    // One interval later (with a second of slack for when the timer was armed), once each.
    await page.clock.runFor(61_000);
    await expect.poll(() => calls.filter((c) => c.path === '/api/chats.php').length).toBe(2);
    await expect.poll(() => calls.filter((c) => c.path === '/api/likes.php').length).toBe(2);
    await expect
      .poll(() => calls.filter((c) => c.path === '/api/user.php').length)
      .toBeGreaterThan(before.user);
    await context.close();
  });

  it('sends the member to the login page when the session ends on the server', async () => {
    const { context, page } = await app.newPage();
    await page.clock.install();
    await logInThroughUi(page, app.server.url);
    await page.clock.runFor(1_100);
    // The session ends elsewhere (another tab logs out): the next poll answers 403.
    expect(await (await page.request.get(app.url('/api/logout.php'))).text()).toBe('done');
    await page.clock.runFor(60_000);
    await page.waitForURL(/\/login\?redirect=%2Fmembers/);
    await context.close();
  });
});
