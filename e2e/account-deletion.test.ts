import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, sharedApp } from './support/app-fixture.js';
import { signUpViaApi, TEST_PASSWORD } from './support/members.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const PASSWORD = TEST_PASSWORD;

/** A fresh member signed up through the API (as the form does); the browser is logged in. */
const signUp = async (context: BrowserContext, language = 'en') =>
  (await signUpViaApi(context, app.server.url, { name: 'Robin', language })).email;

async function openDialog(page: Page, openLabel: string, title: string) {
  await page.goto(app.url('/profile'));
  await page.getByRole('button', { name: openLabel, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

describe('deleting an account in the browser', () => {
  it('asks for the password, deletes, says goodbye, and the address no longer logs in', async () => {
    const { context, page } = await app.newPage();
    const email = await signUp(context);
    const dialog = await openDialog(page, 'Delete account', 'Delete your account?');

    // What will be lost, and the company's offer to stay (the demo company gives 50%).
    await expect
      .poll(() => dialog.getByText('you cannot sign up again with the same e-mail address').count())
      .toBe(1);
    await expect
      .poll(() => dialog.getByText('stay with us and get 50% off premium').isVisible())
      .toBe(true);
    // The offer to stay is a button: it asks for a personal code, then opens /premium with it.
    await dialog.getByRole('button', { name: 'Stay and get 50% off' }).waitFor();

    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await confirm.click();
    await expect.poll(() => dialog.getByText('Value is required').isVisible()).toBe(true);
    const password = dialog.getByLabel('Your password', { exact: true });
    await password.fill('not my password');
    await confirm.click();
    await expect
      .poll(() => dialog.getByText('The password is not correct.').isVisible())
      .toBe(true);
    expect((await page.request.get(app.url('/api/user.php'))).status()).toBe(200);

    await password.fill(PASSWORD);
    await confirm.click();
    await page.waitForURL(/\/account-deleted$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your account has been deleted' }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByText('cannot be used for a new account').isVisible())
      .toBe(true);
    // The session is over on the server too.
    expect((await page.request.get(app.url('/api/user.php'))).status()).toBe(403);
    expect(await page.title()).toContain('Account deleted');
    // The confirmation the page speaks of is in the mailbox.
    await expect.poll(() => page.getByText('We have sent a confirmation').isVisible()).toBe(true);
    await expect
      .poll(async () => {
        const mailbox = await (await page.request.get(app.url('/_dev/mailbox'))).text();
        return mailbox
          .split('<li class="mail"')
          .some(
            (item) =>
              item.includes(`<dd class="to">${email}</dd>`) &&
              item.includes('Your Amora account has been deleted'),
          );
      })
      .toBe(true);

    await page.goto(app.url('/login'));
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect
      .poll(() => page.getByText('The e-mail address or password is not correct.').isVisible())
      .toBe(true);
    const status = await (
      await page.request.get(app.url(`/api/validate_email.php?email=${email}`))
    ).json();
    expect(status.status).toBe('deleted');
    await context.close();
  });

  it('keeps the account when the member takes the offer to stay', async () => {
    const { context, page } = await app.newPage();
    await signUp(context);
    const dialog = await openDialog(page, 'Delete account', 'Delete your account?');
    // The offer is a personal code (issue 16): premium opens priced with it.
    await dialog.getByRole('button', { name: 'Stay and get 50% off' }).click();
    await page.waitForURL(/\/premium\?code=[^&]+$/);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await page.request.get(app.url('/api/user.php'))).status()).toBe(200);
    await context.close();
  });

  it('offers no discount when the company has none', async () => {
    const { context, page } = await app.newPage();
    await signUp(context);
    await page.route('**/api/companyinfo.php', async (route) => {
      const real = await (await route.fetch()).json();
      await route.fulfill({ json: { ...real, delete_discount: null } });
    });
    const dialog = await openDialog(page, 'Delete account', 'Delete your account?');
    await dialog.getByLabel('Your password', { exact: true }).waitFor();
    expect(await dialog.getByText('off premium').count()).toBe(0);
    expect(await dialog.getByRole('link', { name: /Stay and get/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await page.request.get(app.url('/api/user.php'))).status()).toBe(200);
    await context.close();
  });

  it('speaks the member’s language (German)', async () => {
    const { context, page } = await app.newPage({ locale: 'de-DE' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: app.server.url }]);
    await signUp(context, 'de');
    const dialog = await openDialog(page, 'Konto löschen', 'Dein Konto löschen?');
    await expect
      .poll(() => dialog.getByText('Bleib bei uns und erhalte 50 % Rabatt auf Premium').isVisible())
      .toBe(true);
    await dialog.getByLabel('Dein Passwort', { exact: true }).fill('falsch-falsch');
    await dialog.getByRole('button', { name: 'Mein Konto löschen' }).click();
    await expect
      .poll(() => dialog.getByText('Das Passwort ist nicht korrekt.').isVisible())
      .toBe(true);
    await dialog.getByLabel('Dein Passwort', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Mein Konto löschen' }).click();
    await page.waitForURL(/\/account-deleted$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Dein Konto wurde gelöscht' }).isVisible())
      .toBe(true);
    expect(
      await page
        .getByRole('link', { name: 'Mit einer anderen Adresse anmelden' })
        .getAttribute('href'),
    ).toBe('/signup');
    await context.close();
  });
});
