import { signupCsrf } from '@amora/shared/rules/signup-csrf';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, logInThroughUi, sharedApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const PASSWORD = 'first-password-1';
const NEW_PASSWORD = 'second-password-2';
let counter = 0;

/** A new member, signed up through the API as the form does (not activated yet). */
async function signUp(name: string, language = 'en') {
  const context = await app.browser.newContext();
  const email = `pw.${Date.now()}.${++counter}@example.com`;
  const { token } = await (
    await context.request.get(app.url(`/api/validate_email.php?email=${email}`))
  ).json();
  const csrf = signupCsrf(token, email);
  const res = await context.request.post(app.url('/api/user.php?new=1'), {
    headers: { 'x-app-package': 'e2e' },
    data: { email, name, password: PASSWORD, country: 'NL', language, csrf, token },
  });
  expect(res.status()).toBe(200);
  await context.close();
  return { email, password: PASSWORD };
}

/** The reset link of the newest mail to `email` in the development mailbox, on this server. */
async function resetLinkFromMailbox(page: Page, email: string) {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await page.request.get(app.url('/_dev/mailbox'))).text();
        const mail = html
          .split('<li class="mail"')
          .find((item) => item.includes(email) && item.includes('/reset-password/do?token='));
        link = mail && /href="(https?:[^"]*\/reset-password\/do\?token=[^"]+)"/.exec(mail)?.[1];
        return link !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const url = new URL(link!.replaceAll('&amp;', '&'));
  return app.url(url.pathname + url.search);
}

const logInStatus = async (email: string, password: string) => {
  const context = await app.browser.newContext();
  const res = await context.request.post(app.url('/api/login.php'), {
    headers: { 'x-app-package': 'e2e' },
    data: { email, password },
  });
  await context.close();
  return res.status();
};

describe('password reset', () => {
  it('goes from the login form to a mailed link, a new password and the members page', async () => {
    const member = await signUp('Nora');
    const { context, page } = await app.newPage();
    await page.goto(app.url('/login'));
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/reset-password$/);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();

    await page.getByLabel('E-mail address').fill(member.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain(member.email);
    expect(await page.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe(
      '/login',
    );

    const link = await resetLinkFromMailbox(page, member.email);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill('something-else');
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await expect
      .poll(() => page.getByText('The two passwords are not the same').isVisible())
      .toBe(true);

    // The show button reveals what was typed.
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('type')).toBe(
      'text',
    );
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await page.waitForURL(/\/members$/);
    await expect
      .poll(() => page.getByText('Your new password is saved and you are logged in.').isVisible())
      .toBe(true);
    const { user } = await (await page.request.get(app.url('/api/user.php'))).json();
    expect(user).toMatchObject({ email: member.email, activated: true });
    expect(await logInStatus(member.email, PASSWORD)).toBe(401);
    expect(await logInStatus(member.email, NEW_PASSWORD)).toBe(200);

    // The link is used up: the page says so at once and offers a new one.
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link does not work any more' }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL(/\/reset-password$/);
    // Logged in now, so the address is filled in already.
    await expect.poll(() => page.getByLabel('E-mail address').inputValue()).toBe(member.email);
    await context.close();
  });

  it('works in German, with the mail in the member’s language', async () => {
    const member = await signUp('Lena', 'de');
    const { context, page } = await app.newPage({ locale: 'de-DE' });
    await page.goto(app.url('/login'));
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.getByRole('heading', { name: 'Passwort zurücksetzen' }).waitFor();
    await page.getByLabel('E-Mail-Adresse').fill(member.email);
    await page.getByRole('button', { name: 'Link senden' }).click();
    await page.getByRole('heading', { name: 'Sieh in dein E-Mail-Postfach' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain('2 Stunden');

    const link = await resetLinkFromMailbox(page, member.email);
    const mailbox = await (await page.request.get(app.url('/_dev/mailbox'))).text();
    expect(mailbox).toContain('Setze dein Passwort bei Amora zurück');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Neues Passwort wählen' }).waitFor();
    await page.getByLabel('Neues Passwort', { exact: true }).fill('kurz');
    await page.getByLabel('Neues Passwort wiederholen').fill('kurz');
    await page.getByRole('button', { name: 'Neues Passwort speichern' }).click();
    await expect
      .poll(() => page.getByText('Dieses Feld muss mindestens 8 Zeichen lang sein').isVisible())
      .toBe(true);
    await page.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Neues Passwort speichern' }).click();
    await page.waitForURL(/\/members$/);
    await expect
      .poll(() =>
        page.getByText('Dein neues Passwort ist gespeichert und du bist eingeloggt.').isVisible(),
      )
      .toBe(true);
    await context.close();
  });

  it('tells at once that a forged link does not work', async () => {
    const { context, page } = await app.newPage();
    await page.goto(
      app.url('/reset-password/do?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
    );
    await page.getByRole('heading', { name: 'This link does not work any more' }).waitFor();
    await page.goto(app.url('/reset-password/do'));
    await page.getByRole('heading', { name: 'This link does not work any more' }).waitFor();
    await context.close();
  });
});

describe('password change on the profile', () => {
  it('refuses a wrong current password, then changes it', async () => {
    const member = await signUp('Mira');
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url, member);
    await page.goto(app.url('/profile'));
    const card = page.getByRole('region', { name: 'Password' });
    await card.waitFor();
    expect(
      await card.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href'),
    ).toBe('/reset-password');

    await card.getByLabel('Current password').fill('not-my-password');
    await card.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await card.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => card.getByText('The password is not correct.').isVisible()).toBe(true);
    expect(await card.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');

    await card.getByLabel('Current password').fill(member.password);
    await card.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() =>
        page
          .getByText('Your password has been changed. Other devices have been logged out.')
          .isVisible(),
      )
      .toBe(true);
    expect(await card.getByLabel('Current password').inputValue()).toBe('');
    // Still logged in here; the new password is the one that works.
    expect((await page.request.get(app.url('/api/user.php'))).status()).toBe(200);
    expect(await logInStatus(member.email, member.password)).toBe(401);
    expect(await logInStatus(member.email, NEW_PASSWORD)).toBe(200);
    await context.close();
  });
});
