import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, logInThroughUi, sharedApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

/** The query of the next search call the page makes while `act` runs. */
async function nextSearch(page: Page, act: () => Promise<unknown>) {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/api/search.php')),
    act(),
  ]);
  return new URL(request.url()).searchParams;
}

describe('what the search screen sends (spec section 7)', () => {
  it('names the campaign a visitor came from as trafficsource', async () => {
    const { context, page } = await app.newPage();
    await page.goto(app.url('/?utm_source=adnet'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const query = await nextSearch(page, () => page.goto(app.url('/match-finder')));
    expect(query.get('trafficsource')).toBe('adnet');
    await context.close();
  });

  it('sends pp for "with photo", and widens a thin country without replacing the remembered search', async () => {
    const { context, page } = await app.newPage({ viewport: { width: 1280, height: 900 } });
    await logInThroughUi(page, app.server.url);
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();

    const withPhoto = await nextSearch(page, () =>
      page.getByLabel('Only members with a photo').check(),
    );
    expect(withPhoto.get('pp'), withPhoto.toString()).toBe('1');
    expect(withPhoto.get('manual_search')).toBe('1');
    expect(withPhoto.has('do_not_save')).toBe(false);

    // A country with fewer members than a page: one tap to all countries.
    const thin = await nextSearch(page, () => page.getByLabel('Country').selectOption('BE'));
    expect(thin.get('country')).toBe('BE');
    const offer = page.getByRole('button', { name: 'Search all countries' });
    await offer.waitFor();
    await page.getByRole('button', { name: 'Search Netherlands' }).waitFor();
    const widened = await nextSearch(page, () => offer.click());
    expect(widened.get('searchAllCountries')).toBe('1');
    expect(widened.get('do_not_save')).toBe('1');

    // The remembered search is still Belgium with photo.
    const remembered = await (await context.request.get(app.url('/api/search.php'))).json();
    expect(remembered.filter_options).toMatchObject({ country: 'BE', pp: true, remembered: true });
    await page.reload();
    await expect.poll(() => page.getByLabel('Country').inputValue()).toBe('BE');
    expect(await page.getByLabel('Only members with a photo').isChecked()).toBe(true);
    // The shared demo member's search as it was, for the other tests.
    await context.request.get(app.url('/api/search.php?manual_search=1'));
    await context.close();
  });
});
