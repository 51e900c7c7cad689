import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, logInThroughUi, sharedApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

describe('reference data that fails to load (spec section 8)', () => {
  it('logs a warning and carries on: German messages in the fallback English, no regions', async () => {
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

    await page.goto(app.url('/'));
    // The page is there at once, in English.
    await page.getByRole('heading', { level: 1, name: 'Meet people who get you' }).waitFor();
    await expect
      .poll(() => warnings.some((w) => w.startsWith('Locale messages de/messages failed to load')))
      .toBe(true);

    // A member's search goes on without the regions of its filter.
    await logInThroughUi(page, app.server.url);
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    await expect
      .poll(() => warnings.some((w) => w.startsWith('Regions failed to load')))
      .toBe(true);
    await context.close();
  });
});
