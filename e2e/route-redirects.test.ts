import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, startApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await startApp({ ROUTE_REDIRECTS: '/old-faq=/pages/faq,/promo=https://partner.example/x' });
});
afterAll(() => app?.close());

describe('ROUTE_REDIRECTS in the browser', () => {
  it('applies a redirect to the app’s own navigation, and to a page load', async () => {
    const { context, page } = await app.newPage();
    // The app reads this build's redirects once it has shown (goto waits for the app).
    const meta = page.waitForResponse((r) => r.url().includes('/builds/meta/'));
    await page.goto(app.url('/'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await meta;
    // A navigation inside the app, as a link would make it: no request for the page.
    await page.evaluate(() => {
      history.pushState({}, '', '/old-faq?ref=x');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL((url) => url.pathname === '/pages/faq' && url.search === '?ref=x');
    await page.getByRole('heading', { level: 1, name: /FAQ|Frequently/ }).waitFor();

    // A page load: the server's 302.
    const response = await page.request.get(app.url('/promo?ref=x'), { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('https://partner.example/x');
    await context.close();
  });

  it('leaves the app for an external target without the query', async () => {
    const { context, page } = await app.newPage();
    // The partner stands in locally; what matters is the address the app loads.
    await page.route('https://partner.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Partner</h1>' }),
    );
    const meta = page.waitForResponse((r) => r.url().includes('/builds/meta/'));
    await page.goto(app.url('/'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await meta;
    await page.evaluate(() => {
      history.pushState({}, '', '/promo?ref=x&token=secret');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL('https://partner.example/x');
    await page.getByRole('heading', { level: 1, name: 'Partner' }).waitFor();
    await context.close();
  });
});
