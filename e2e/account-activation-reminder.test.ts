import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, sharedApp } from './support/app-fixture.js';
import { signUpViaApi } from './support/members.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

/** A fresh member signed up through the API (as the form does); the browser is logged in. */
const signUp = async (context: BrowserContext, language = 'en') =>
  (await signUpViaApi(context, app.server.url, { name: 'Kim', language })).email;

/** The development mailbox's mails to one address, newest first (sent or still waiting). */
async function mailsTo(request: APIRequestContext, email: string) {
  const page = await (await request.get(app.url('/_dev/mailbox'))).text();
  return page
    .split('<li class="mail"')
    .slice(1)
    .filter((item) => item.includes(`<dd class="to">${email}</dd>`));
}

describe('activation reminder', () => {
  it('sends a new link on request, three an hour, and the new link activates', async () => {
    const { context, page } = await app.newPage();
    const email = await signUp(context);
    await expect.poll(async () => (await mailsTo(page.request, email)).length).toBe(1);

    await page.goto(app.url('/profile'));
    const reminder = page.getByRole('status').filter({ hasText: 'Please confirm your e-mail' });
    await expect.poll(() => reminder.isVisible()).toBe(true);
    expect(await reminder.textContent()).toContain(email);
    const resend = reminder.getByRole('button', { name: 'Send the link again' });

    await resend.click();
    await expect
      .poll(() => page.getByText(`A new link is on its way to ${email}.`).isVisible())
      .toBe(true);
    // The button makes way for a quiet confirmation (the toast would cover it anyway).
    await expect.poll(() => reminder.getByText('Link sent').isVisible()).toBe(true);
    expect(await resend.count()).toBe(0);
    await expect.poll(async () => (await mailsTo(page.request, email)).length).toBe(2);

    // Coming back later: two more links this hour, then a polite refusal.
    for (let i = 0; i < 2; i++) {
      await page.reload();
      await resend.click();
      await reminder.getByText('Link sent').waitFor();
    }
    await expect.poll(async () => (await mailsTo(page.request, email)).length).toBe(4);
    await page.reload();
    await resend.click();
    await expect
      .poll(() =>
        page.getByText('Too many attempts. Please wait a few minutes and try again.').isVisible(),
      )
      .toBe(true);
    expect(await reminder.getByText('Link sent').count()).toBe(0);
    expect(await mailsTo(page.request, email)).toHaveLength(4);

    // The newest link works once the worker has sent it.
    let link: string | undefined;
    await expect
      .poll(async () => {
        const [newest] = await mailsTo(page.request, email);
        link = newest && /href="(https?:[^"]*activ[^"]*)"/.exec(newest)?.[1];
        return Boolean(link);
      })
      .toBe(true);
    const target = new URL(link!.replaceAll('&amp;', '&'));
    await page.goto(app.url(target.pathname + target.search));
    await page.waitForURL(/\/activate\/done$/);
    await page.goto(app.url('/profile'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('Please confirm your e-mail').count()).toBe(0);
    await context.close();
  });

  it('reminds in the member’s language (Dutch)', async () => {
    const { context, page } = await app.newPage({ locale: 'nl-NL' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'nl', url: app.server.url }]);
    const email = await signUp(context, 'nl');
    await page.goto(app.url('/members'));
    const reminder = page.getByRole('status').filter({ hasText: 'Bevestig je e-mailadres' });
    await expect.poll(() => reminder.isVisible()).toBe(true);
    await reminder.getByRole('button', { name: 'Stuur de link opnieuw' }).click();
    await expect
      .poll(() => page.getByText(`Er is een nieuwe link onderweg naar ${email}.`).isVisible())
      .toBe(true);
    await context.close();
  });

  it('has a developer preview at /_dev/activate-reminder that sends nothing', async () => {
    const { context, page } = await app.newPage();
    const before = (await (await page.request.get(app.url('/_dev/mailbox'))).text()).split(
      '<li class="mail"',
    ).length;
    const response = await page.goto(app.url('/_dev/activate-reminder'));
    expect(response?.status()).toBe(200);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Activation reminder' }).isVisible())
      .toBe(true);
    const reminder = page.getByRole('status').filter({ hasText: 'Please confirm your e-mail' });
    await reminder.getByRole('button', { name: 'Send the link again' }).click();
    await expect
      .poll(() => page.getByText('A new link is on its way to new.member@example.com.').isVisible())
      .toBe(true);
    const after = (await (await page.request.get(app.url('/_dev/mailbox'))).text()).split(
      '<li class="mail"',
    ).length;
    expect(after).toBe(before);
    await context.close();
  });
});
