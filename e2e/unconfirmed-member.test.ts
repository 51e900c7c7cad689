import type { PublicProfile } from '@amora/shared/schemas/profile';
import type { APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, sharedApp } from './support/app-fixture.js';
import { signUpViaApi } from './support/members.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

/** The development mailbox's mails to one address, newest first. */
async function mailsTo(request: APIRequestContext, email: string) {
  const page = await (await request.get(app.url('/_dev/mailbox'))).text();
  return page
    .split('<li class="mail"')
    .slice(1)
    .filter((item) => item.includes(`<dd class="to">${email}</dd>`));
}

describe('a member who has not confirmed the address', () => {
  it('is told why a like, a chat or a report is refused, can ask for the link again, and likes once confirmed', async () => {
    const { context, page } = await app.newPage({ viewport: { width: 390, height: 844 } });
    const { email } = await signUpViaApi(context, app.server.url, { name: 'Kim' });
    await expect.poll(async () => (await mailsTo(page.request, email)).length).toBe(1);
    const search = await page.request.get(app.url('/api/search.php?searchAllCountries=1'));
    const [member] = (await search.json()).profiles as PublicProfile[];

    // Looking around works: the profile opens.
    await page.goto(app.url(`/members/${member!.id}`));
    await expect.poll(() => page.locator('h1').textContent()).toContain(member!.name);
    const like = page.locator('.profile-actions').getByRole('button', { name: /^Like/ });
    await like.click();

    const dialog = page.getByRole('dialog', { name: 'Confirm your e-mail address first' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(email);
    expect(await dialog.textContent()).toContain('you can look around and view profiles');
    // The like is taken back, no generic failure shows, and the member stays logged in.
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByText('That did not work. Please try again.').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/members/${member!.id}`);
    expect(await page.locator('.logged-in').count()).toBe(1);

    // Sent: the dialog says where (a toast would cover its title on a phone).
    await dialog.getByRole('button', { name: 'Send the link again' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toBe(`A new link is on its way to ${email}.`);
    await dialog.getByText('Link sent').waitFor();
    expect(await dialog.getByRole('button', { name: 'Send the link again' }).count()).toBe(0);
    await expect.poll(async () => (await mailsTo(page.request, email)).length).toBe(2);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Starting a chat is explained the same way, without the chat's error toast.
    await page.locator('.profile-actions').getByRole('button', { name: 'Send a message' }).click();
    await dialog.waitFor();
    expect(await page.getByText('Cannot start chat').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.locator('.logged-in').count()).toBe(1);

    // Reporting is explained the same way: the report form makes way for the explanation,
    // and no report reaches the moderators.
    await page.getByRole('button', { name: `Report ${member!.name}` }).click();
    const report = page.getByRole('dialog', { name: `Report ${member!.name}` });
    await report.getByLabel('Looks under 18').check();
    await report.getByRole('button', { name: 'Send report' }).click();
    await dialog.waitFor();
    await expect.poll(() => report.count()).toBe(0);
    expect(await dialog.textContent()).toContain('or report a member');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // The newest link confirms the address; then the like goes through.
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
    await page.goto(app.url(`/members/${member!.id}`));
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await dialog.count()).toBe(0);
    await context.close();
  });
});
