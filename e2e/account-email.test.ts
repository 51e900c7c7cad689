import { signupCsrf } from '@amora/shared/rules/signup-csrf';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, logInThroughUi, sharedApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const headers = { 'x-app-package': 'e2e' };

/** The newest link to `pathPart` in a mail to `to`, read from the development mailbox. */
async function mailedLink(request: APIRequestContext, to: string, pathPart: string) {
  for (let i = 0; i < 60; i++) {
    const page = await (await request.get(app.url('/_dev/mailbox'))).text();
    // The mailbox lists the newest mail first.
    const mail = page.split('<li class="mail"').find((item) => item.includes(`>${to}<`));
    const href = mail && new RegExp(`href="(https?://[^"]*${pathPart}[^"]*)"`).exec(mail)?.[1];
    if (href) {
      const url = new URL(href.replaceAll('&amp;', '&'));
      return app.url(url.pathname + url.search);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a ${pathPart} link`);
}

/** Signs up through the API as the signup form does: logged in, not activated yet. */
async function signUp(context: BrowserContext, email: string, password: string) {
  const { token } = await (
    await context.request.get(app.url(`/api/validate_email.php?email=${email}`))
  ).json();
  const csrf = signupCsrf(token, email);
  const res = await context.request.post(app.url('/api/user.php?new=1'), {
    headers,
    data: { email, name: 'Mira', password, country: 'NL', language: 'en', csrf, token },
  });
  expect(res.status()).toBe(200);
}

/** A plain portrait-shaped picture, enough for a profile photo. */
const portraitPng = () =>
  sharp({ create: { width: 600, height: 750, channels: 3, background: '#c2185b' } })
    .png()
    .toBuffer();

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('changing the e-mail address', () => {
  it('mails a link to the new address; following it changes the address, and undo restores it', async () => {
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url);
    await page.goto(app.url('/profile#email'));
    const card = page.getByRole('region', { name: 'E-mail address' });
    await expect.poll(() => card.getByText(DEMO.email).isVisible()).toBe(true);

    const next = `demo.${Date.now()}@example.org`;
    await card.getByLabel('New e-mail address').fill(next);
    await card.getByLabel('Current password').fill('not-the-password');
    await card.getByRole('button', { name: 'Change e-mail address' }).click();
    await expect.poll(() => card.getByText('The password is not correct.').isVisible()).toBe(true);
    await card.getByLabel('Current password').fill(DEMO.password);
    await card.getByRole('button', { name: 'Change e-mail address' }).click();
    const status = card.getByRole('status');
    await expect.poll(() => status.textContent()).toContain('Check your inbox');
    expect(await status.textContent()).toContain(next);

    const link = await mailedLink(context.request, next, 'mail-change');
    expect(link).toContain('/mail-change/do?token=');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your e-mail address is changed' }).waitFor();
    expect(await page.getByText(next).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Browse members' }).waitFor();

    // This session stays; the profile shows the new address.
    await page.goto(app.url('/profile'));
    await expect
      .poll(() => page.getByRole('region', { name: 'E-mail address' }).getByText(next).isVisible())
      .toBe(true);

    // The old address got a notice whose link undoes the change after asking.
    const undo = await mailedLink(context.request, DEMO.email, 'undo=');
    await page.goto(undo);
    await page.getByRole('heading', { name: 'Undo the change of your e-mail address?' }).waitFor();
    await page.getByRole('button', { name: 'Yes, restore my old address' }).click();
    await page.getByRole('heading', { name: 'Your old address is back' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'No mail? Ask for a new link' }).getAttribute('href'),
    ).toBe('/reset-password');
    // Every session ended, this one too, and the password that was known no longer works.
    expect((await page.request.get(app.url('/api/user.php'))).status()).toBe(403);
    const login = await page.request.post(app.url('/api/login.php'), {
      headers,
      data: DEMO,
    });
    expect(login.status()).toBe(401);
    // The restored address got a reset link: the owner chooses a password (the demo one again).
    await page.goto(await mailedLink(context.request, DEMO.email, 'reset-password/do'));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(DEMO.password);
    await page.getByLabel('Repeat the new password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await page.waitForURL(/\/members$/);
    const { user } = await (await page.request.get(app.url('/api/user.php'))).json();
    expect(user.email).toBe(DEMO.email);
    await context.close();
  });

  it('shows a clear error for a link that does not work', async () => {
    const { context, page } = await app.newPage();
    await page.goto(app.url('/mail-change/do?token=not-a-real-token-at-all-0000'));
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).last().getAttribute('href')).toBe(
      '/login',
    );
    await context.close();
  });
});

describe('correcting a mistyped address after signup', () => {
  it('leads from the signup’s “wrong address” link to the notice, which corrects the address', async () => {
    const { context, page } = await app.newPage();
    const typo = `mira.${Date.now()}@gmial.con`;
    await signUp(context, typo, 'a-good-password');
    // Steps 1 to 5 answered through the API, so /complete-signup resumes at the last steps.
    const photo = await context.request.post(app.url('/api/profileimage.php'), {
      headers,
      multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: await portraitPng() } },
    });
    expect(photo.status()).toBe(200);
    const about = await context.request.put(app.url('/api/user.php'), {
      headers,
      data: {
        profile: { notes: { personal: 'I love long walks by the sea.' } },
        lastSignupStep: 5,
      },
    });
    expect(about.status()).toBe(200);

    // The completion screen's "wrong address" link leads to the correction notice.
    await page.goto(app.url('/complete-signup'));
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Change it' }).click();
    await page.waitForURL(/\/notifications#email-change-incorrect$/);
    const notice = page.getByRole('region', { name: 'Wrong e-mail address? Correct it here' });
    await notice.waitFor();
    await expect.poll(() => focusedId(page)).toBe('email-change-incorrect');
    // The list beside the notice loads on its own: waited for, not expected at once.
    await expect.poll(() => notice.getByText(typo).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('heading', { name: 'No notifications yet' }).isVisible())
      .toBe(true);

    const right = typo.replace('gmial.con', 'example.org');
    await notice.getByLabel('New e-mail address').fill(right);
    await notice.getByLabel('Current password').fill('a-good-password');
    await notice.getByRole('button', { name: 'Change e-mail address' }).click();
    await expect.poll(() => notice.getByRole('status').textContent()).toContain('Address changed');
    await expect.poll(() => notice.getByText(right).first().isVisible()).toBe(true);

    const { user } = await (await page.request.get(app.url('/api/user.php'))).json();
    expect(user).toMatchObject({ email: right, activated: false });
    // The new activation link goes to the right address and activates the account.
    const activation = await mailedLink(context.request, right, 'activ');
    await page.goto(activation);
    await page.waitForURL(/\/activate\/done$/);
    await context.close();
  });

  it('is not shown without the hash', async () => {
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url);
    await page.goto(app.url('/notifications'));
    // The list (or its empty state) is there: the demo member may have notifications by now.
    await page.locator('.notification-list, .empty-state').first().waitFor();
    expect(await page.locator('#email-change-incorrect').count()).toBe(0);
    await context.close();
  });
});

describe('in another language', () => {
  it('speaks German on the notice and on the link pages', async () => {
    const { context, page } = await app.newPage({ locale: 'de-DE' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: app.server.url }]);
    await signUp(context, `lena.${Date.now()}@example.org`, 'ein-gutes-passwort');
    await page.goto(app.url('/notifications#email-change-incorrect'));
    const notice = page.getByRole('region', { name: 'Falsche E-Mail-Adresse? Hier korrigieren' });
    await notice.waitFor();
    expect(await notice.getByLabel('Neue E-Mail-Adresse').isVisible()).toBe(true);
    expect(await notice.getByRole('button', { name: 'E-Mail-Adresse ändern' }).isVisible()).toBe(
      true,
    );
    expect(
      await page.getByRole('heading', { name: 'Benachrichtigungen', exact: true }).isVisible(),
    ).toBe(true);

    await page.goto(app.url('/mail-change/do?undo=not-a-real-token-at-all-0000'));
    await page
      .getByRole('heading', { name: 'Änderung deiner E-Mail-Adresse rückgängig machen?' })
      .waitFor();
    await page.getByRole('button', { name: 'Ja, alte Adresse wiederherstellen' }).click();
    await page.getByRole('heading', { name: 'Dieser Link funktioniert nicht' }).waitFor();
    expect(
      await page
        .getByText('Dieser Link oder dieses Formular ist abgelaufen oder wurde bereits verwendet.')
        .isVisible(),
    ).toBe(true);
    await context.close();
  });
});
