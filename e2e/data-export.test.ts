import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, sharedApp } from './support/app-fixture.js';
import { activateViaMailbox, signUpViaApi } from './support/members.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const headers = { 'x-app-package': 'e2e' };

describe('download my data, then leave', () => {
  it('prepares the export, downloads it once, and after deleting the account nothing is found', async () => {
    const { context, page } = await app.newPage({ acceptDownloads: true });
    const { email, password, id } = await signUpViaApi(context, app.server.url, { name: 'Dana' });
    await activateViaMailbox(context, app.server.url, email);

    await page.goto(app.url('/profile#my-data'));
    const card = page.getByRole('region', { name: 'Download my data' });
    await card.getByRole('button', { name: 'Prepare my data' }).click();
    const link = card.getByRole('link', { name: 'Download my data' });
    await link.waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^amora-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = join(mkdtempSync(join(tmpdir(), 'amora-export-')), download.suggestedFilename());
    await download.saveAs(saved);
    const zip = unzipSync(new Uint8Array(readFileSync(saved)));
    const data = JSON.parse(new TextDecoder().decode(zip['data.json']));

    // The export says what the app says about the member.
    const { user } = await (await context.request.get(app.url('/api/user.php'))).json();
    expect(data.account).toMatchObject({ id, email, credits: user.credits });
    expect(data.profile).toMatchObject({ member_id: id, name: user.profile.name });
    expect(data.sessions.length).toBeGreaterThan(0);
    await card.getByText('Your data has been downloaded and the file deleted.').waitFor();
    // Once only, and once a day.
    expect((await context.request.get(app.url(`/api/export.php?download=x`))).status()).toBe(404);
    const again = await context.request.post(app.url('/api/export.php'), { headers });
    expect(again.status()).toBe(429);

    const deleted = await context.request.delete(app.url('/api/user.php'), {
      headers,
      data: { password },
    });
    expect(deleted.status()).toBe(200);
    const status = await context.request.get(
      app.url(`/api/validate_email.php?email=${encodeURIComponent(email)}`),
    );
    expect((await status.json()).status).toBe('deleted');
    expect((await context.request.get(app.url(`/api/profile.php?id=${id}`))).status()).toBe(404);
    await context.close();
  });
});
