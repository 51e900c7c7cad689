import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, sharedApp } from './support/app-fixture.js';
import { activateViaMailbox, signUpViaApi } from './support/members.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

/** Live signs take well under a second; the read mark may also come by the 15 s poll. */
const LIVE_MS = 20_000;

interface Member {
  context: BrowserContext;
  page: Page;
  id: number;
}

async function member(
  name: string,
  options: BrowserContextOptions & { language?: string } = {},
): Promise<Member> {
  const { language, ...contextOptions } = options;
  const { context, page } = await app.newPage(contextOptions);
  if (language) {
    await context.addCookies([{ name: 'i18n_redirected', value: language, url: app.server.url }]);
  }
  const { email, id } = await signUpViaApi(context, app.server.url, {
    name,
    ...(language && { language }),
  });
  await activateViaMailbox(context, app.server.url, email);
  return { context, page, id };
}

/**
 * Resolves once the page's live channel is open: the app's first frame on it (where it
 * says what it shows) has gone out. Call before the navigation that opens it.
 */
function liveOpened(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (socket.url().includes('/api/live.php')) socket.once('framesent', () => resolve());
    });
  });
}

const log = (page: Page) => page.getByRole('log');

describe('the chat’s live signs (issue 49)', () => {
  it('shows typing, moves marks from sent to delivered to read, and unsends from both screens', async () => {
    const anna = await member('Anna');
    const bram = await member('Bram', { locale: 'de-DE', language: 'de' });
    const res = await anna.context.request.get(app.url(`/api/chat.php?profile=${bram.id}`));
    const chatId = (await res.json()).id as number;

    // Both have the conversation open; Anna starts to write and Bram sees it, in German.
    const annaLive = liveOpened(anna.page);
    await anna.page.goto(app.url(`/chats/${chatId}`));
    await annaLive;
    const bramLive = liveOpened(bram.page);
    await bram.page.goto(app.url(`/chats/${chatId}`));
    await bramLive;
    const box = anna.page.getByLabel('Message to Bram');
    await box.pressSequentially('Are you');
    const typing = bram.page.getByText('Anna schreibt…');
    await typing.waitFor({ timeout: LIVE_MS });
    // The line is a polite live region for screen readers.
    expect(
      await typing.evaluate((el) => el.closest('[aria-live]')?.getAttribute('aria-live')),
    ).toBe('polite');
    // Anna stops: the line goes after a few seconds.
    await typing.waitFor({ state: 'detached', timeout: LIVE_MS });
    await box.fill('');

    // Bram closes the app: Anna's message is sent, not delivered.
    await bram.page.goto('about:blank');
    await box.fill('Are you free on Sunday?');
    await box.press('Enter');
    const annaLog = log(anna.page);
    await annaLog.getByText('Sent', { exact: true }).waitFor({ timeout: LIVE_MS });

    // Bram is back, in his chat list: the next message reaches his tab, so it is delivered
    // (and so is the first, which he has not seen either way).
    const bramBack = liveOpened(bram.page);
    await bram.page.goto(app.url('/chats'));
    await bramBack;
    await box.fill('Shall we meet at ten?');
    await box.press('Enter');
    await annaLog.getByText('Delivered', { exact: true }).waitFor({ timeout: LIVE_MS });
    await annaLog.getByRole('img', { name: 'Delivered' }).waitFor();

    // Bram opens the conversation: both messages are read.
    await bram.page.getByRole('link', { name: /Anna/ }).first().click();
    await bram.page.waitForURL(`**/chats/${chatId}`);
    const bramLog = log(bram.page);
    await bramLog.getByText('Shall we meet at ten?').waitFor();
    await annaLog.getByText('Read', { exact: true }).waitFor({ timeout: LIVE_MS });
    await annaLog.getByRole('img', { name: 'Read' }).waitFor();
    // Bram's own screen offers no unsend for Anna's messages.
    expect(await bramLog.getByRole('button', { name: /^Zurücknehmen/ }).count()).toBe(0);

    // Anna takes the second one back, by keyboard: it goes from both screens.
    const unsend = annaLog.getByRole('button', {
      name: 'Unsend: removes this message for both of you and cannot be undone',
    });
    expect(await unsend.count()).toBe(2);
    await unsend.last().focus();
    await anna.page.keyboard.press('Enter');
    await annaLog.getByText('Message removed').waitFor({ timeout: LIVE_MS });
    await bramLog.getByText('Nachricht entfernt').waitFor({ timeout: LIVE_MS });
    expect(await annaLog.getByText('Shall we meet at ten?').count()).toBe(0);
    expect(await bramLog.getByText('Shall we meet at ten?').count()).toBe(0);
    expect(await bramLog.getByText('Are you free on Sunday?').isVisible()).toBe(true);
    expect(await unsend.count()).toBe(1);
    // The chat list says so too, in italics.
    await bram.page.goto(app.url('/chats'));
    await bram.page.getByText('Nachricht entfernt').waitFor();
    await anna.context.close();
    await bram.context.close();
  });
});
