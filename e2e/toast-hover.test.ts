import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, logInThroughUi, sharedApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

describe('a toast under a resting pointer (spec section 4)', () => {
  it('stays while the pointer is over it, also when it appeared there, and goes after the pointer leaves', async () => {
    const { context, page } = await app.newPage({ viewport: { width: 390, height: 844 } });
    await logInThroughUi(page, app.server.url);
    // Starting a chat fails.
    await page.route('**/api/chat.php?*', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.continue(),
    );
    const start = page.getByRole('button', { name: /^Start a conversation with / }).first();
    await start.waitFor();
    // A toast's 5 s run out with its progress bar's CSS animation (react-toastify), which
    // page.clock does not drive: the page's animations play ten times as fast instead, so
    // the 7 s below take 0.7 s.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 10 });
    // The pointer rests where the toast will appear (top right); the chat starts by keyboard.
    await page.mouse.move(195, 40);
    await start.focus();
    await page.keyboard.press('Enter');
    const toast = page.getByRole('alert').filter({ hasText: 'Cannot start chat' });
    await toast.waitFor();
    // Far past the 5 s it shows for (7 s of the page's animation time).
    await page.waitForTimeout(700);
    expect(await toast.isVisible()).toBe(true);
    await page.mouse.move(195, 600);
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
    await context.close();
  });
});
