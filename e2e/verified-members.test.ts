import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, sharedApp } from './support/app-fixture.js';
import { activateViaMailbox, signUpViaApi } from './support/members.js';

// Issue 48, what verification gives: the badge, the "verified members only" filter, and the
// member who hears from verified members only (docs/decisions/063).

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const headers = { 'x-app-package': 'e2e' };

/** A new member, activated and logged in. */
async function member(name: string): Promise<{ context: BrowserContext; page: Page; id: number }> {
  const { context, page } = await app.newPage();
  const { email, id } = await signUpViaApi(context, app.server.url, { name });
  await activateViaMailbox(context, app.server.url, email);
  return { context, page, id };
}

describe('verified members in the browser', () => {
  it('finds verified members with the filter, marked on their cards and profile', async () => {
    const { page } = await member('Vera');
    await page.goto(app.url('/members'));
    await page.getByLabel('Country').selectOption({ label: 'All countries' });
    await page.getByLabel('Verified members only').check();
    // Every card then names its member with the mark ("Anna, 31 Verified").
    const names = page.locator('article.member-card h2 a');
    await expect
      .poll(async () => {
        const all = await names.allTextContents();
        return all.length > 0 && all.every((text) => text.endsWith(' Verified'));
      })
      .toBe(true);
    const first = names.first();
    const shown = (await first.textContent())!.replace(/ Verified$/, '');
    await page
      .getByRole('link', { name: `${shown} Verified` })
      .first()
      .click();
    await page.waitForURL(/\/members\/\d+$/);
    // The profile's own mark (its similar members below carry theirs too).
    await page.locator('.verified-pill', { hasText: 'Verified' }).waitFor();
  });

  it('offers verification to a member refused a chat by someone who hears from verified members only', async () => {
    const careful = await member('Careful');
    const res = await careful.context.request.put(app.url('/api/user.php'), {
      headers,
      data: { settings: { verified_contact_only: true } },
    });
    expect(res.status()).toBe(200);

    const writer = await member('Writer');
    await writer.page.goto(app.url(`/members/${careful.id}`));
    await writer.page.getByRole('button', { name: 'Send a message' }).click();
    const dialog = writer.page.getByRole('dialog', {
      name: 'Only verified members can write here',
    });
    await dialog.waitFor();
    await dialog.getByRole('link', { name: 'Verify my profile' }).click();
    await writer.page.waitForURL(
      (url) => url.pathname === '/profile' && url.hash === '#verification',
    );
  });
});
