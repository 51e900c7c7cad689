import { LANDER_KINDS } from '@amora/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, logInThroughUi, sharedApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const TITLES: Record<string, string> = {
  alonetonight: 'Not alone tonight',
  maplanding: 'Members near you',
};

describe('campaign landers', () => {
  it('shows every kind with its members and the signup form', async () => {
    const { context, page } = await app.newPage();
    for (const kind of LANDER_KINDS) {
      await page.goto(app.url(`/landers/${kind}/autumn-campaign`));
      const title = TITLES[kind] ?? 'Meet someone new';
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('heading', { name: 'Create your free account' }).waitFor();
      await page.getByText('Your e-mail address is never shown to anyone').waitFor();
      expect(await page.getByText(/being finished and opens soon/).count(), kind).toBe(0);
      if (kind === 'iconslanding') {
        await page.getByRole('heading', { name: 'Chat in real time' }).waitFor();
      } else if (['video', 'transitionsvideolanding', 'collagelanding'].includes(kind)) {
        // The pictures are members' photos, named for those who cannot see them.
        await page.getByRole('img', { name: /^Photos of members: \w+/ }).waitFor();
      } else {
        await page.getByRole('heading', { name: 'Some of the members near you' }).waitFor();
        expect(await page.locator('.member-card').count(), kind).toBeGreaterThan(0);
      }
    }
    expect(await page.locator('[data-bs-theme="dark"]').count()).toBe(0);
    await page.goto(app.url('/landers/alonetonight/night'));
    await page.locator('[data-bs-theme="dark"]').getByRole('heading', { level: 1 }).waitFor();
    await context.close();
  });

  it('signs a visitor up from a lander on a phone', async () => {
    const { context, page } = await app.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(app.url('/landers/gallery/summer'));
    // On a phone the form is below the members: the button takes the visitor there.
    await page.getByRole('link', { name: 'Sign up for free' }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#signup');
    await page.getByLabel('E-mail address').fill(`lander-${Date.now()}@example.com`);
    await page.getByLabel('Your first name').fill('Lotte');
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    const submit = page.getByRole('button', { name: 'Create free account' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.waitForURL(/\/complete-signup$/);
    await context.close();
  });

  it('asks a visitor who leaves for the site once whether to finish signing up', async () => {
    const { context, page } = await app.newPage();
    await page.goto(app.url('/landers/gallery/summer'));
    const home = page.getByRole('link', { name: 'Amora', exact: true }).first();
    const warning = page.getByRole('dialog', { name: 'Finish signing up?' });

    await home.click();
    await warning.waitFor();
    await warning.getByRole('button', { name: 'Finish signing up' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/landers/gallery/summer');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');

    await home.click();
    await warning.getByRole('button', { name: 'Go on without an account' }).click();
    await page.waitForURL(/\/$/);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'amora.skippedSiteEntryWarning')?.value).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('amora.skippedSiteEntryWarning'))).toBe(
      '1',
    );

    // Never again.
    await page.goto(app.url('/members/1/landing'));
    await page.getByRole('link', { name: 'Amora', exact: true }).first().click();
    await page.waitForURL(/\/$/);
    expect(await warning.count()).toBe(0);
    await context.close();
  });

  it('sends a logged-in member on to the members', async () => {
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url, DEMO);
    await page.goto(app.url('/landers/gallery/summer'));
    await page.waitForURL(/\/members$/);
    await context.close();
  });
});
