import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, sharedApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

describe('reference data that fails to load (spec section 8)', () => {
  it('logs a warning and carries on: German messages in the fallback English, no regions, no search', async () => {
    const { context, page } = await app.newPage({ serviceWorkers: 'block' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: app.server.url }]);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.route('**/_i18n/de/**', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.route('**/api/regions.php', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );

    // The server renders the page in German, with its own table.
    const asSent = await (
      await fetch(app.url('/'), { headers: { cookie: 'i18n_redirected=de' } })
    ).text();
    expect(asSent).toMatch(/<h1[^>]*>Triff Menschen, die dich verstehen<\/h1>/);
    // The app, which comes after load, carries on in English without the German table.
    await page.goto(app.url('/'));
    await page.getByRole('heading', { level: 1, name: 'Meet people who get you' }).waitFor();
    await expect
      .poll(() => warnings.some((w) => w.startsWith('Locale messages de/messages failed to load')))
      .toBe(true);

    // A member's search goes on without the regions of its filter. The login page comes
    // in German from the server, and in English once the app has it.
    await page.goto(app.url('/login'));
    await page.getByLabel('E-mail address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/members$/);
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    await expect
      .poll(() => warnings.some((w) => w.startsWith('Regions failed to load')))
      .toBe(true);

    // A search that fails is logged too; the page still says so, with a way to try again.
    await page.route(
      (url) => url.pathname === '/api/search.php',
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"error":{"code":"internal","message":"Something failed on the server"}}',
        }),
    );
    await page.getByLabel('Looking for').selectOption('female');
    await expect.poll(() => warnings.some((w) => w.startsWith('Search failed to load'))).toBe(true);
    await page.getByRole('alert').getByRole('button', { name: 'Try again' }).waitFor();
    await context.close();
  });
});
