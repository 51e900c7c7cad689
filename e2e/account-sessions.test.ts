import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, logInThroughUi, sharedApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const TABLET =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const status = async (page: Page, path: string) => (await page.request.get(app.url(path))).status();

describe('where you’re logged in', () => {
  it('lists both browsers; one or all other sessions can be logged out', async () => {
    const desk = await app.newPage();
    await logInThroughUi(desk.page, app.server.url);
    const phone = await app.newPage({ userAgent: PHONE });
    await logInThroughUi(phone.page, app.server.url);

    const { page } = desk;
    await page.goto(app.url('/profile#sessions'));
    const card = page.getByRole('region', { name: 'Where you’re logged in' });
    const rows = card
      .getByRole('list', { name: 'Devices logged in to your account' })
      .locator('li');
    await expect.poll(() => rows.count()).toBe(2);
    // This browser first and marked; the phone named from its user agent.
    expect(await rows.first().getByText('This device').isVisible()).toBe(true);
    expect(await rows.first().getByText('Active now').isVisible()).toBe(true);
    expect(await rows.nth(1).getByText('Safari 17 on iPhone').isVisible()).toBe(true);
    // Used within the last minute (the server keeps last use to the minute): active now.
    expect(await rows.nth(1).textContent()).toMatch(/Active now.*Logged in /);
    expect(await card.getByRole('button', { name: 'Log out Safari 17 on iPhone' }).count()).toBe(1);
    // This device has no button of its own.
    expect(await rows.first().getByRole('button').count()).toBe(0);

    // "Log out everywhere else": the phone's next call finds it logged out.
    await card.getByRole('button', { name: 'Log out everywhere else' }).click();
    await expect
      .poll(() => card.getByRole('status').textContent())
      .toBe('Logged out on 1 other device.');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await card.getByText('You are logged in on this device only.').isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Log out everywhere else' }).count()).toBe(0);
    // The focus stays in the card, on its heading.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Where you’re logged in',
    );
    expect(await status(phone.page, '/api/user.php')).toBe(403);
    await phone.page.goto(app.url('/profile'));
    await phone.page.waitForURL(/\/login\?redirect=%2Fprofile$/);
    expect(await status(page, '/api/user.php')).toBe(200);

    // One session at a time, by keyboard.
    const tablet = await app.newPage({ userAgent: TABLET });
    await logInThroughUi(tablet.page, app.server.url);
    await page.reload();
    await expect.poll(() => rows.count()).toBe(2);
    const end = card.getByRole('button', { name: 'Log out Safari 17 on iPad' });
    await end.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => card.getByRole('status').textContent())
      .toBe('Safari 17 on iPad is logged out.');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await status(tablet.page, '/api/user.php')).toBe(403);
    expect(await status(page, '/api/user.php')).toBe(200);

    for (const { context } of [desk, phone, tablet]) await context.close();
  });

  it('speaks the member’s language', async () => {
    const { context, page } = await app.newPage({ locale: 'de-DE' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: app.server.url }]);
    await page.goto(app.url('/login'));
    await page.getByLabel('E-Mail-Adresse').fill('demo@amora.test');
    await page.getByLabel('Passwort', { exact: true }).fill('amora-demo-2026');
    await page.getByRole('button', { name: 'Einloggen', exact: true }).click();
    await page.waitForURL(/\/members$/);
    await page.goto(app.url('/profile#sessions'));
    const card = page.getByRole('region', { name: 'Wo du eingeloggt bist' });
    await card.getByText('Dieses Gerät').waitFor();
    expect(await card.getByText('Jetzt aktiv').first().isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Überall sonst ausloggen' }).isVisible()).toBe(
      true,
    );
    await context.close();
  });
});
