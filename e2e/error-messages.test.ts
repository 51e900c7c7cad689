import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, sharedApp } from './support/app-fixture.js';
import { activateViaMailbox, signUpViaApi } from './support/members.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const headers = { 'x-app-package': 'e2e' };

/** What the member reads, in each language: the screens' words and the error texts. */
const LOCALES = {
  en: {
    photos: 'Photos',
    addPhotos: 'Add photos',
    tooSmall: 'This photo is too small: it must be at least 200 × 200 pixels.',
    messageTo: (name: string) => `Message to ${name}`,
    send: 'Send message',
    noCredits: 'You do not have enough credits to send this message.',
    email: 'E-mail address',
    password: 'Password',
    logIn: 'Log in',
    rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  },
  de: {
    photos: 'Fotos',
    addPhotos: 'Fotos hinzufügen',
    tooSmall: 'Dieses Foto ist zu klein: Es muss mindestens 200 × 200 Pixel groß sein.',
    messageTo: (name: string) => `Nachricht an ${name}`,
    send: 'Nachricht senden',
    noCredits: 'Du hast nicht genug Credits, um diese Nachricht zu senden.',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    logIn: 'Einloggen',
    rateLimited: 'Zu viele Versuche. Bitte warte ein paar Minuten und versuche es erneut.',
  },
} as const;

type Locale = keyof typeof LOCALES;

async function memberPage(locale: Locale, name: string) {
  const { context, page } = await app.newPage({
    locale: locale === 'de' ? 'de-DE' : 'en-US',
    permissions: ['geolocation'],
  });
  await context.addCookies([{ name: 'i18n_redirected', value: locale, url: app.server.url }]);
  const member = await signUpViaApi(context, app.server.url, { name, language: locale });
  await activateViaMailbox(context, app.server.url, member.email);
  return { context, page, ...member };
}

/** Waits for the answer of the API call `path` that `act` causes, and returns its status. */
async function statusOf(page: Page, path: string, act: () => Promise<void>) {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(path) && r.request().method() !== 'GET'),
    act(),
  ]);
  return answer.status();
}

const spend = async (context: BrowserContext, conversation: number, count: number) => {
  for (let i = 1; i <= count; i++) {
    const res = await context.request.post(app.url('/api/messages.php'), {
      headers,
      data: { conversation, text: `Message ${i}` },
    });
    expect(res.status()).toBe(200);
  }
};

describe('the server’s refusals, in the member’s language', () => {
  for (const locale of Object.keys(LOCALES) as Locale[]) {
    const text = LOCALES[locale];

    it(`${locale}: a photo the server refuses as too small (400)`, async () => {
      const { context, page } = await memberPage(locale, 'Ruth');
      await page.goto(app.url('/profile'));
      const photos = page.getByRole('region', { name: text.photos, exact: true });
      const tiny = await sharp({
        create: { width: 120, height: 120, channels: 3, background: '#c2185b' },
      })
        .png()
        .toBuffer();
      const status = await statusOf(page, '/api/profileimage.php', () =>
        photos
          .getByLabel(text.addPhotos)
          .setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: tiny }),
      );
      expect(status).toBe(400);
      await page.getByText(text.tooSmall).waitFor();
      await context.close();
    });

    it(`${locale}: a message without credits (402)`, async () => {
      const sender = await memberPage(locale, 'Sven');
      const other = await memberPage(locale, 'Tara');
      const chat = await sender.context.request.get(app.url(`/api/chat.php?profile=${other.id}`));
      const { id } = (await chat.json()) as { id: number };
      const { page } = sender;
      await page.goto(app.url(`/chats/${id}`));
      const box = page.getByLabel(text.messageTo('Tara'));
      await box.waitFor();
      // Another tab spends the ten welcome credits; this one still believes it has them.
      await spend(sender.context, id, 10);
      await box.fill('One more');
      const status = await statusOf(page, '/api/messages.php', () =>
        page.getByRole('button', { name: text.send }).click(),
      );
      expect(status).toBe(402);
      await page.getByRole('alert').filter({ hasText: text.noCredits }).waitFor();
      await sender.context.close();
      await other.context.close();
    });

    it(`${locale}: too many wrong passwords (429)`, async () => {
      const { context, page, email } = await memberPage(locale, 'Uma');
      await page.request.get(app.url('/api/logout.php'));
      // Ten wrong passwords (LOGIN_FAILURES_MAX) from elsewhere; the next try is refused.
      for (let i = 0; i < 10; i++) {
        const res = await context.request.post(app.url('/api/login.php'), {
          headers,
          data: { email, password: `wrong-password-${i}` },
        });
        expect(res.status()).toBe(401);
      }
      await page.goto(app.url('/login'));
      await page.getByLabel(text.email).fill(email);
      await page.getByLabel(text.password, { exact: true }).fill('wrong-password-again');
      const status = await statusOf(page, '/api/login.php', () =>
        page.getByRole('button', { name: text.logIn, exact: true }).click(),
      );
      expect(status).toBe(429);
      await page.getByRole('alert').filter({ hasText: text.rateLimited }).waitFor();
      await context.close();
    });
  }
});
