import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, logInThroughUi, sharedApp } from './support/app-fixture.js';
import { saveSiteSettings } from './support/site-settings.js';

const ADMIN = { email: 'admin@amora.test', password: DEMO.password };

let app: App;
beforeAll(async () => {
  // Push: the full Chromium (the headless shell has no push service).
  app = await sharedApp({ browser: 'full' });
});
afterAll(() => app?.close());

const UTRECHT = { latitude: 52.0907, longitude: 5.1214 };

async function portraitPng(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 750, channels: 3, background: '#c2185b' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="600" height="750"><circle cx="300" cy="300" r="160" fill="#f5d0c5"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

describe('signing up in the browser', () => {
  it('goes through every step to a working, activated account', async () => {
    // Notifications allowed: push is possible, so the flow offers step 1 before the photo.
    const { context, page } = await app.newPage({
      geolocation: UTRECHT,
      permissions: ['geolocation', 'notifications'],
      serviceWorkers: 'allow',
    });
    const address = `anna.${Date.now()}@gmial.com`;
    await page.goto(app.url('/signup'));
    // A person takes longer than a script to type: let the service worker finish installing.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const email = page.getByLabel('E-mail address');
    await email.fill(address);
    const fixed = address.replace('gmial.com', 'gmail.com');
    await page.getByRole('button', { name: `${fixed}?` }).click();
    await expect.poll(() => email.inputValue()).toBe(fixed);
    await email.blur();
    await expect.poll(() => page.getByLabel('Your first name').inputValue()).toBe('Anna');
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    const submit = page.getByRole('button', { name: 'Create free account' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();

    // Step 1: push is offered (Chromium here has no push service, so the member declines).
    await page.getByRole('heading', { name: 'Never miss a message' }).waitFor();
    await page.getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('heading', { name: 'Add a profile photo' }).waitFor();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await portraitPng() });

    await page.getByRole('heading', { name: 'Where do you live?' }).waitFor();
    await expect.poll(() => page.getByLabel('City or town').inputValue()).toBe('Utrecht');
    expect(await page.getByLabel('Country').inputValue()).toBe('NL');
    expect(await page.getByLabel('Region').inputValue()).toBe('NL-UT');
    // The place found is a stored value (cookie and local storage) for a later visit.
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('amora.geocode')))!)).toEqual(
      { country: 'NL', countryregion: 'NL-UT', city: 'Utrecht' },
    );
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await page.getByRole('heading', { name: 'Tell us a little about yourself' }).waitFor();
    await page.getByText('Woman', { exact: true }).click();
    await page.getByLabel('Day').selectOption('14');
    await page.getByLabel('Month').selectOption('3');
    await page.getByLabel('Year').selectOption(String(new Date().getFullYear() - 30));
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await page.getByRole('heading', { name: 'About you' }).waitFor();
    await page
      .getByLabel('About me')
      .fill('I love cycling along the canals and trying new recipes.');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.signup-flow').getByText(fixed).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Open my inbox' }).getAttribute('href')).toContain(
      'mail.google.com',
    );

    const { user } = await (await page.request.get(app.url('/api/user.php'))).json();
    expect(user).toMatchObject({
      email: fixed,
      activated: false,
      mailprovider: 2,
      profile: {
        name: 'Anna',
        gender: 'female',
        country: 'NL',
        countryregion: 'NL-UT',
        city: 'Utrecht',
      },
      last_signup_step: 5,
    });
    expect(user.profile.main_image).not.toBeNull();
    expect(user.profile.notes.personal).toContain('canals');

    // The last step leads to members who fit: a like waits for the confirmed address.
    await page.getByRole('button', { name: 'See members' }).click();
    await page.waitForURL(/\/signup-matches$/);
    const note = page.getByText('Confirm your e-mail address with the link we sent you');
    await note.waitFor();
    const first = page.getByRole('button', { name: /^Like / }).first();
    const liked = ((await first.getAttribute('aria-label')) ?? '').replace(/^Like /, '');
    const like = page.getByRole('button', { name: `Like ${liked}`, exact: true });
    await like.click();
    const prompt = page.getByRole('dialog', { name: 'Confirm your e-mail address first' });
    await prompt.getByRole('button', { name: 'Send the link again' }).waitFor();
    await prompt.getByRole('button', { name: 'Close' }).first().click();

    // The activation mail, read from the development mailbox in another tab, activates the
    // account; the matches page notices by itself and the like goes through.
    const mailbox = await context.newPage();
    await mailbox.goto(app.url('/_dev/mailbox'));
    const link = await mailbox
      .locator('.mail', { hasText: fixed })
      .locator('a[href*="activ"]')
      .first()
      .getAttribute('href');
    expect(link).toMatch(/^http/);
    await mailbox.goto(link!.replace(/^https?:\/\/[^/]+/, app.server.url));
    await mailbox.waitForURL(/\/activate\/done$/);
    const after = await (await page.request.get(app.url('/api/user.php'))).json();
    expect(after.user.activated).toBe(true);
    await note.waitFor({ state: 'detached', timeout: 15_000 });
    await like.click();
    await page
      .getByRole('button', { name: `Remove your like for ${liked}`, exact: true })
      .waitFor();
    await page.getByRole('link', { name: 'Continue to all members' }).click();
    await page.waitForURL(/\/members$/);

    await page.goto(app.url('/complete-signup'));
    await context.close();
  });

  it('hands an embedded form over at the step of the step-0 rule: push denied goes to step 3', async () => {
    const { context, page } = await app.newPage();
    // The visitor once refused notifications to this site.
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await page.goto(app.url('/'));
    await page.getByLabel('E-mail address').fill(`home.${Date.now()}@example.com`);
    await page.getByLabel('Your first name').fill('Lotte');
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    const submit = page.getByRole('button', { name: 'Create free account' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.waitForURL(/\/complete-signup$/);
    await page.getByRole('heading', { name: 'Where do you live?' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Add a profile photo' }).count()).toBe(0);
    await context.close();
  });

  it('tells an existing member to log in instead', async () => {
    const { context, page } = await app.newPage();
    await page.goto(app.url('/signup'));
    await page.getByLabel('E-mail address').fill(DEMO.email);
    await expect
      .poll(() =>
        page.getByText('There is already an account with this e-mail address.').isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() => page.locator('.invalid-feedback a[href="/login"]').isVisible())
      .toBe(true);
    await page.getByLabel('Your first name').fill('Sanne');
    await page.getByLabel('Password', { exact: true }).fill('whatever-password');
    expect(await page.getByRole('button', { name: 'Create free account' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('refuses a name equal to the e-mail or starting with @', async () => {
    const { context, page } = await app.newPage();
    await page.goto(app.url('/signup'));
    await page.getByLabel('E-mail address').fill('someone@example.com');
    await page.getByLabel('Your first name').fill('@someone');
    await expect.poll(() => page.getByText('Your name cannot start with @').isVisible()).toBe(true);
    await page.getByLabel('Your first name').fill('someone@example.com');
    await expect
      .poll(() => page.getByText('Please use your name, not your e-mail address').isVisible())
      .toBe(true);
    await context.close();
  });

  it('shows the invite-only text with a login link while signups are closed', async () => {
    // The operator closes signups in the staff console's settings.
    const admin = await app.newPage();
    await logInThroughUi(admin.page, app.server.url, ADMIN);
    const saveSignups = (signups: string) =>
      saveSiteSettings(admin.page, app.server.url, { signups });
    await saveSignups('invite_only');
    try {
      const { context, page } = await app.newPage();
      await page.goto(app.url('/signup'));
      await page.getByRole('heading', { name: 'Signing up is by invitation only' }).waitFor();
      expect(await page.getByRole('link', { name: 'Log in' }).last().getAttribute('href')).toBe(
        '/login',
      );
      expect(await page.getByLabel('E-mail address').count()).toBe(0);
      await context.close();
    } finally {
      await saveSignups('all');
      await admin.context.close();
    }
  });

  it('shows the form in Polish', async () => {
    const { context, page } = await app.newPage({ locale: 'pl-PL' });
    await page.goto(app.url('/signup'));
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('pl-PL');
    await expect
      .poll(async () => (await page.locator('h1').textContent())?.length ?? 0)
      .toBeGreaterThan(3);
    expect(await page.locator('h1').textContent()).not.toBe('Create your free account');
    await context.close();
  });

  it('keeps tracking parameters with the visitor and takes them out of the address', async () => {
    const { context, page } = await app.newPage();
    await page.goto(app.url('/signup?network=partner1&aff_sub2=summer&keep=1'));
    await expect.poll(() => new URL(page.url()).search).toBe('?keep=1');
    const stored = (await context.cookies()).find((c) => c.name === 'amora_tracking');
    expect(JSON.parse(decodeURIComponent(stored!.value))).toEqual({
      network: 'partner1',
      sub2: 'summer',
    });
    await context.close();
  });

  it('reminds an unactivated member and sends the link again', async () => {
    const { context, page } = await app.newPage();
    await page.goto(app.url('/signup'));
    await page.getByLabel('E-mail address').fill(`late.${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    const submit = page.getByRole('button', { name: 'Create free account' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page
      .getByRole('heading', { name: /Where do you live|Add a profile photo|Never miss/ })
      .waitFor();
    await page.goto(app.url('/members'));
    await expect
      .poll(() => page.getByText('Please confirm your e-mail address').isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect.poll(() => page.getByText('A new link is on its way').isVisible()).toBe(true);
    await context.close();
  });
});
