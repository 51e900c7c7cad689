import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, sharedApp } from './support/app-fixture.js';
import { activateViaMailbox, signUpViaApi, TEST_PASSWORD } from './support/members.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

/** Live delivery should take well under a second; polling (every 15 s) still passes. */
const DELIVERY_MS = 20_000;
const headers = { 'x-app-package': 'e2e' };

interface Member {
  context: BrowserContext;
  page: Page;
  id: number;
  name: string;
}

/** A new member, activated (others only see activated members) and logged in. */
async function member(
  name: string,
  options: BrowserContextOptions & { language?: string; country?: string } = {},
): Promise<Member> {
  const { language, country, ...contextOptions } = options;
  const { context, page } = await app.newPage(contextOptions);
  if (language) {
    await context.addCookies([{ name: 'i18n_redirected', value: language, url: app.server.url }]);
  }
  const { email, id } = await signUpViaApi(context, app.server.url, {
    name,
    ...(language && { language }),
    ...(country && { country }),
  });
  await activateViaMailbox(context, app.server.url, email);
  return { context, page, id, name };
}

/** The conversation id between two members, made through the API. */
async function chatBetween(a: Member, b: Member): Promise<number> {
  const res = await a.context.request.get(app.url(`/api/chat.php?profile=${b.id}`));
  expect(res.status()).toBe(200);
  return (await res.json()).id;
}

const log = (page: Page) => page.getByRole('log');

/** How many messages wait in the page's outbox (IndexedDB `amora-outbox`, issue 44). */
const outboxSize = () =>
  new Promise<number>((resolve, reject) => {
    const open = indexedDB.open('amora-outbox');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const count = db.transaction('messages').objectStore('messages').count();
      count.onerror = () => reject(count.error);
      count.onsuccess = () => {
        db.close();
        resolve(count.result);
      };
    };
  });
const composer = (page: Page, name: string) => page.getByLabel(`Message to ${name}`);

describe('chat in the browser', () => {
  it('two members chat live: unread counts, opening reads, "Read" for the sender', async () => {
    const anna = await member('Anna');
    const bram = await member('Bram');

    // Anna starts the chat from Bram's profile.
    await anna.page.goto(app.url(`/members/${bram.id}`));
    await anna.page.getByRole('button', { name: 'Send a message' }).click();
    await anna.page.waitForURL(/\/chats\/\d+$/);
    const chatId = Number(new URL(anna.page.url()).pathname.split('/').pop());
    // The profile (with similar members named on cards) gives way to the chat.
    await anna.page.getByText('Say hello to Bram!').waitFor();
    await anna.page.getByRole('heading', { name: 'Bram', exact: true }).waitFor();
    await anna.page.getByText('1 credit per message (€0.35)').waitFor();
    await anna.page.getByRole('link', { name: 'Balance: 10 credits' }).waitFor();

    // Bram has the conversation open when Anna writes: it appears without a reload.
    await bram.page.goto(app.url(`/chats/${chatId}`));
    await bram.page.getByRole('heading', { name: 'Anna' }).waitFor();
    const box = composer(anna.page, 'Bram');
    await box.fill('Hi Bram! Fancy a walk on Sunday?');
    await box.press('Enter');
    await log(anna.page).getByText('Hi Bram! Fancy a walk on Sunday?').waitFor();
    expect(await box.inputValue()).toBe('');
    await anna.page.getByRole('link', { name: 'Balance: 9 credits' }).waitFor();
    const sentAt = Date.now();
    await log(bram.page)
      .getByText('Hi Bram! Fancy a walk on Sunday?')
      .waitFor({ timeout: DELIVERY_MS });
    console.info(`chat e2e: message shown to the other member after ${Date.now() - sentAt} ms`);
    // Bram read it while it was open: Anna's message is marked read.
    await log(anna.page).getByText('Read', { exact: true }).waitFor({ timeout: DELIVERY_MS });

    // Bram answers with the send button, an emoji picked from the grid on the way.
    const bramBox = composer(bram.page, 'Anna');
    await bramBox.fill('Yes, gladly ');
    await bram.page.getByRole('button', { name: 'Insert emoji' }).click();
    await bram.page
      .getByRole('group', { name: 'Emoji' })
      .getByRole('button', { name: '😊' })
      .click();
    expect(await bramBox.inputValue()).toBe('Yes, gladly 😊');
    await bram.page.getByRole('button', { name: 'Send message' }).click();
    await log(anna.page).getByText('Yes, gladly 😊').waitFor({ timeout: DELIVERY_MS });

    // Away from the chat, Bram's list counts Anna's next message as unread...
    await bram.page.getByRole('link', { name: 'Back to chats' }).click();
    await bram.page.waitForURL(/\/chats$/);
    // A refetch of the open chat still on its way would read the next message for Bram.
    await bram.page.waitForLoadState('networkidle');
    // The list has loaded and shows the chat read, so the count that follows is new.
    await bram.page.getByRole('link', { name: 'Chat with Anna', exact: true }).waitFor();
    await box.fill('Great, 10 am at the station?');
    await box.press('Enter');
    const item = bram.page.getByRole('link', { name: 'Chat with Anna, 1 unread message' });
    await item.waitFor({ timeout: DELIVERY_MS });
    expect(await bram.page.getByText('Great, 10 am at the station?').isVisible()).toBe(true);
    // ...and opening the conversation reads it: the count goes at once, for good.
    await item.click();
    await bram.page.waitForURL(`**/chats/${chatId}`);
    await log(bram.page).getByText('Great, 10 am at the station?').waitFor();
    const chats = await (await bram.context.request.get(app.url('/api/chats.php'))).json();
    expect(chats.chats[0].num_unread_messages).toBe(0);
    await bram.page.getByRole('link', { name: 'Back to chats' }).click();
    await bram.page.getByRole('link', { name: 'Chat with Anna', exact: true }).waitFor();

    // Offline, a message shows as on its way and goes once the connection is back (issue 44).
    await anna.context.setOffline(true);
    await box.fill('Sent from the tunnel');
    await box.press('Enter');
    const sending = log(anna.page).getByText('Sending…');
    await sending.waitFor();
    expect(await box.inputValue()).toBe('');
    await anna.context.setOffline(false);
    await sending.waitFor({ state: 'detached', timeout: DELIVERY_MS });
    await anna.page.getByRole('link', { name: 'Balance: 7 credits' }).waitFor();
    const textsIn = async (member: Member) =>
      (
        await (
          await member.context.request.get(app.url(`/api/messages.php?conversation=${chatId}`))
        ).json()
      ).messages.map((m: { text: string }) => m.text);
    expect(await textsIn(bram)).toEqual([
      'Hi Bram! Fancy a walk on Sunday?',
      'Yes, gladly 😊',
      'Great, 10 am at the station?',
      'Sent from the tunnel',
    ]);

    // The first answer is lost after the server stored the message, and the next message
    // never leaves: both wait in the outbox through a reload, and go once each, in order.
    let posts = 0;
    await anna.page.route('**/api/messages.php', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      if (posts === 1) await route.fetch();
      await route.abort('internetdisconnected');
    });
    await box.fill('Answer lost on the way');
    await box.press('Enter');
    await box.fill('Still in the outbox');
    await box.press('Enter');
    // (The first may be matched sooner: the live channel tells Anna's tabs it is stored.)
    await log(anna.page)
      .locator('.chat-message')
      .filter({ hasText: 'Still in the outbox' })
      .getByText('Sending…')
      .waitFor();
    // A second try means the first (stored, its answer lost) is over.
    await expect.poll(() => posts).toBeGreaterThan(1);
    await anna.page.unrouteAll({ behavior: 'wait' });
    await anna.page.reload();
    await log(anna.page).getByText('Still in the outbox').waitFor();
    await expect.poll(() => log(anna.page).getByText('Sending…').count()).toBe(0);
    expect(await log(anna.page).getByText('Answer lost on the way').count()).toBe(1);
    expect(await log(anna.page).getByText('Still in the outbox').count()).toBe(1);
    expect((await textsIn(bram)).slice(-3)).toEqual([
      'Sent from the tunnel',
      'Answer lost on the way',
      'Still in the outbox',
    ]);
    await anna.page.getByRole('link', { name: 'Balance: 5 credits' }).waitFor();

    // Logging out empties the outbox: nothing of Anna's waits in this browser after her.
    await anna.page.route('**/api/messages.php', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    await box.fill('Never sent');
    await box.press('Enter');
    await log(anna.page).getByText('Sending…').waitFor();
    expect(await anna.page.evaluate(outboxSize)).toBe(1);
    await anna.page.getByRole('button', { name: 'Log out' }).click();
    await anna.page.waitForURL(/\/login$/);
    await expect.poll(() => anna.page.evaluate(outboxSize)).toBe(0);
    await anna.page.unrouteAll({ behavior: 'ignoreErrors' });

    await anna.context.close();
    await bram.context.close();
  });

  it('catches up on a message sent before the live channel opened', async () => {
    const ida = await member('Ida');
    const jan = await member('Jan');
    // Jan's live channel opens only when the test lets it, after his list has loaded.
    let letChannelOpen = () => {};
    const channelMayOpen = new Promise<void>((resolve) => {
      letChannelOpen = resolve;
    });
    await jan.context.routeWebSocket(/\/api\/live\.php/, async (ws) => {
      await channelMayOpen;
      ws.connectToServer();
    });
    await jan.page.goto(app.url('/chats'));
    await jan.page.getByText('No conversations yet').waitFor();
    const chatId = await chatBetween(ida, jan);
    const res = await ida.context.request.post(app.url('/api/messages.php'), {
      headers,
      data: { conversation: chatId, text: 'Hello Jan, nice profile!' },
    });
    expect(res.status()).toBe(200);

    letChannelOpen();
    // The list polls once a minute: only catching up as the channel opens brings it sooner.
    await jan.page
      .getByRole('link', { name: 'Chat with Ida, 1 unread message' })
      .waitFor({ timeout: 10_000 });
    await ida.context.close();
    await jan.context.close();
  });

  it('keeps an open chat up to date without the live channel (polling the newest page)', async () => {
    // Messages from Belgium cost nothing here (MESSAGE_CREDITS_BY_COUNTRY): history to page.
    const nora = await member('Nora', { country: 'BE' });
    const otto = await member('Otto');
    const chatId = await chatBetween(nora, otto);
    const say = async (text: string) => {
      const res = await nora.context.request.post(app.url('/api/messages.php'), {
        headers,
        data: { conversation: chatId, text },
      });
      expect(res.status()).toBe(200);
    };
    for (let i = 1; i <= 35; i++) await say(`Earlier ${i}`);
    // Otto's tab never reaches the live channel: only the 15 s poll can bring news.
    await otto.context.routeWebSocket(/\/api\/live\.php/, () => {});
    const fetched: string[] = [];
    otto.page.on('request', (request) => {
      if (request.url().includes('/api/messages.php')) fetched.push(request.url());
    });
    // Otto's clock is the test's: the poll comes when the test moves time on, not 15 s later.
    await otto.page.clock.install();
    await otto.page.goto(app.url(`/chats/${chatId}`));
    await log(otto.page).getByText('Earlier 35', { exact: true }).waitFor();
    // Back to the start: the older page loads.
    await log(otto.page).evaluate((el) => {
      el.scrollTop = 0;
    });
    await log(otto.page).getByText('Earlier 1', { exact: true }).waitFor();
    const olderPages = fetched.filter((url) => url.includes('before=')).length;
    expect(olderPages).toBe(1);

    await say('Anyone there?');
    await otto.page.clock.runFor(16_000);
    await log(otto.page).getByText('Anyone there?').waitFor();
    // The poll read the newest page only; the older one stays as it was loaded.
    expect(fetched.filter((url) => url.includes('before=')).length).toBe(olderPages);
    expect(await log(otto.page).getByText('Earlier 1', { exact: true }).count()).toBe(1);
    await nora.context.close();
    await otto.context.close();
  });

  it('starts a chat from a search card and through /members/{id}/chat', async () => {
    const cleo = await member('Cleo');
    const { page } = cleo;
    await page.goto(app.url('/members'));
    await page.getByLabel('Country').selectOption('*');
    const start = page.getByRole('button', { name: /^Start a conversation with / }).first();
    await start.waitFor();
    const name = ((await start.getAttribute('aria-label')) ?? '').replace(
      'Start a conversation with ',
      '',
    );
    await start.click();
    await page.waitForURL(/\/chats\/\d+$/);
    await page.getByRole('heading', { name }).waitFor();
    const chatUrl = page.url();

    // The profile link in the top bar, and the member's own chat address to the same chat.
    const profileLink = page.getByRole('heading', { name }).getByRole('link');
    const profileHref = (await profileLink.getAttribute('href'))!;
    expect(profileHref).toMatch(/^\/members\/\d+$/);
    await page.goto(app.url(`${profileHref}/chat`));
    await page.waitForURL(chatUrl);
    // It replaced itself in the history: back goes to where the visitor came from.
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe(`${profileHref}/chat`);

    // A visitor logs in first; a chat that is not yours is a clear dead end.
    const visitor = await app.newPage();
    await visitor.page.goto(app.url(`${profileHref}/chat`));
    await visitor.page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(visitor.page.url())).toContain(`${profileHref}/chat`);
    await visitor.context.close();
    const other = await member('Dirk');
    await other.page.goto(chatUrl);
    await other.page.getByRole('heading', { name: 'Chat not found' }).waitFor();
    await other.page.getByRole('link', { name: 'Go to your chats' }).click();
    await other.page.waitForURL(/\/chats$/);
    await other.page.getByRole('heading', { name: 'No conversations yet' }).waitFor();
    expect(await other.page.getByRole('link', { name: 'Find members' }).getAttribute('href')).toBe(
      '/members',
    );
    await cleo.context.close();
    await other.context.close();
  });

  it('removes a chat after confirming, and puts it back with an alert when that fails', async () => {
    const eva = await member('Eva');
    const finn = await member('Finn');
    const gina = await member('Gina');
    await chatBetween(eva, finn);
    await chatBetween(eva, gina);
    const { page } = eva;
    await page.goto(app.url('/chats'));
    await page.getByRole('link', { name: 'Chat with Finn' }).waitFor();
    await page.getByRole('link', { name: 'Chat with Gina' }).waitFor();

    // Cancelling keeps it.
    await page.getByRole('button', { name: 'Remove the chat with Finn' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this chat?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('link', { name: 'Chat with Finn' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Remove the chat with Finn' }).click();
    // The list drops the chat at once, before the server has it: the reload below waits
    // for the server's answer, or it could cut the call short.
    const removed = page.waitForResponse(
      (response) =>
        response.url().includes('/api/chat.php') && response.request().method() === 'DELETE',
    );
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Chat with Finn' }).count()).toBe(0);
    expect((await removed).ok()).toBe(true);
    await page.reload();
    await page.getByRole('link', { name: 'Chat with Gina' }).waitFor();
    expect(await page.getByRole('link', { name: 'Chat with Finn' }).count()).toBe(0);

    // The server refuses: the chat goes at once, an alert says so, the list comes back.
    await page.route('**/api/chat.php*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 503, json: { error: { code: 'down', message: 'down' } } })
        : route.continue(),
    );
    const alerts: string[] = [];
    page.on('dialog', (alert) => {
      alerts.push(alert.message());
      void alert.accept();
    });
    await page.getByRole('button', { name: 'Remove the chat with Gina' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => alerts.length).toBe(1);
    expect(alerts[0]).toContain('The chat could not be removed.');
    await page.getByRole('link', { name: 'Chat with Gina' }).waitFor();
    await eva.context.close();
    await finn.context.close();
    await gina.context.close();
  });

  it('tells a member out of credits so in the message, sends it on “Try again”, and /credits shows the ledger', async () => {
    const hana = await member('Hana');
    const ivo = await member('Ivo');
    const chatId = await chatBetween(hana, ivo);
    const { page } = hana;
    await page.goto(app.url(`/chats/${chatId}`));
    const box = composer(page, 'Ivo');
    await box.waitFor();
    // The ten welcome credits go on ten messages (the API, as another tab would).
    const spent = Array.from({ length: 10 }, (_, i) => `Message ${i + 1}`);
    for (const text of spent) {
      const res = await hana.context.request.post(app.url('/api/messages.php'), {
        headers,
        data: { conversation: chatId, text },
      });
      expect(res.status()).toBe(200);
    }
    await log(page).getByText('Message 10', { exact: true }).waitFor({ timeout: DELIVERY_MS });

    const text = 'A long thought I do not want to lose';
    await box.fill(text);
    const [answer] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/api/messages.php') && r.request().method() === 'POST',
      ),
      page.getByRole('button', { name: 'Send message' }).click(),
    ]);
    expect(answer.status()).toBe(402);
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'You do not have enough credits to send this message.' });
    await notice.waitFor();
    // The message stays where it was written, saying why it was not sent.
    const unsent = log(page).locator('.chat-message').filter({ hasText: text });
    await unsent.getByText('Not sent').waitFor();
    expect(await unsent.textContent()).toContain(
      'You do not have enough credits to send this message.',
    );
    expect(await box.inputValue()).toBe('');
    const messages = await (
      await hana.context.request.get(app.url(`/api/messages.php?conversation=${chatId}`))
    ).json();
    expect(messages.messages.map((m: { text: string }) => m.text)).toEqual(spent);

    await notice.getByRole('link', { name: 'Get credits' }).click();
    await page.waitForURL(/\/credits$/);
    await page.getByText('0 credits', { exact: true }).waitFor();
    expect(
      await page.getByText('A message costs 1 credit (€0.35). Enough for 0 messages.').isVisible(),
    ).toBe(true);
    const history = page.locator('.ledger-row');
    await expect.poll(() => history.count()).toBe(11);
    expect(await history.first().textContent()).toContain('Message sent');
    expect(await history.first().textContent()).toMatch(/[-−]1$/);
    expect(await history.last().textContent()).toContain('Welcome gift');
    expect(await history.last().textContent()).toContain('+10');
    expect(await page.getByRole('link', { name: 'See prices' }).getAttribute('href')).toBe(
      '/pricing',
    );

    // Credits bought (at the test checkout, as another tab would), "Try again" sends it once.
    const bought = await hana.context.request.post(app.url('/api/orders.php'), {
      headers,
      data: { product: 'credits-20', method: 'card', waive_withdrawal: true },
    });
    const { redirect_url } = await bought.json();
    await hana.context.request.post(app.url(redirect_url), {
      form: { outcome: 'paid' },
      maxRedirects: 0,
    });
    await page.goto(app.url(`/chats/${chatId}`));
    await page.getByRole('link', { name: 'Balance: 20 credits' }).waitFor();
    await unsent.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('link', { name: 'Balance: 19 credits' }).waitFor();
    await log(page).getByText('Not sent').waitFor({ state: 'detached' });
    const after = await (
      await hana.context.request.get(app.url(`/api/messages.php?conversation=${chatId}`))
    ).json();
    expect(after.messages.map((m: { text: string }) => m.text)).toEqual([...spent, text]);
    await hana.context.close();
    await ivo.context.close();
  });

  it('closes the composer when the other member has left, keeping the message that was not sent', async () => {
    const pia = await member('Pia');
    const quinn = await member('Quinn');
    const chatId = await chatBetween(pia, quinn);
    const { page } = pia;
    await page.goto(app.url(`/chats/${chatId}`));
    const box = composer(page, 'Quinn');
    await box.waitFor();
    const gone = await quinn.context.request.delete(app.url('/api/user.php'), {
      headers,
      data: { password: TEST_PASSWORD },
    });
    expect(gone.status()).toBe(200);

    await box.fill('Are you still there?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('This member has left Amora.', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Deleted member' }).waitFor();
    const closed = page.getByLabel('Message to Deleted member');
    expect(await closed.isDisabled()).toBe(true);
    const unsent = log(page).locator('.chat-message').filter({ hasText: 'Are you still there?' });
    expect(await unsent.textContent()).toContain('Not sent');
    // Trying again would change nothing; deleting it is what is left.
    expect(await unsent.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await unsent.getByRole('button', { name: 'Delete the message that was not sent' }).click();
    await unsent.waitFor({ state: 'detached' });
    await page.goto(app.url('/chats'));
    await page.getByRole('link', { name: 'Chat with Deleted member' }).waitFor();
    await pia.context.close();
    await quinn.context.close();
  });

  it('speaks the member’s language (German)', async () => {
    const jana = await member('Jana', { locale: 'de-DE', language: 'de' });
    const kai = await member('Kai');
    const { page } = jana;
    await page.goto(app.url('/chats'));
    await page.getByRole('heading', { name: 'Noch keine Unterhaltungen' }).waitFor();
    const chatId = await chatBetween(jana, kai);
    await page.goto(app.url(`/chats/${chatId}`));
    await page.getByText('Sag Hallo zu Kai!').waitFor();
    const box = page.getByLabel('Nachricht an Kai');
    expect(await box.getAttribute('placeholder')).toBe('Schreib eine Nachricht…');
    await box.fill('Hallo Kai');
    await box.press('Enter');
    await log(page).getByText('Hallo Kai').waitFor();
    await page.getByText('Heute', { exact: true }).waitFor();
    await page.getByText('Guthaben: 9 Credits').waitFor();
    expect(await page.getByText('1 Credit pro Nachricht (0,35 €)').isVisible()).toBe(true);
    await page.goto(app.url('/credits'));
    await page.getByRole('heading', { name: 'Dein Guthaben' }).waitFor();
    await page.getByText('Nachricht gesendet').waitFor();
    expect(await page.getByText('Willkommensgeschenk').isVisible()).toBe(true);
    await jana.context.close();
    await kai.context.close();
  });

  it('fills a phone screen: composer at the bottom, older pages load on scrolling up', async () => {
    const lea = await member('Lea', { viewport: { width: 390, height: 844 } });
    // Messages from Belgium cost nothing here (MESSAGE_CREDITS_BY_COUNTRY): history to page.
    const max = await member('Max', { country: 'BE' });
    const chatId = await chatBetween(max, lea);
    for (let i = 1; i <= 45; i++) {
      const res = await max.context.request.post(app.url('/api/messages.php'), {
        headers,
        data: { conversation: chatId, text: `Message ${i} from Max` },
      });
      expect(res.status()).toBe(200);
    }
    const { page } = lea;
    await page.goto(app.url(`/chats/${chatId}`));
    await log(page).getByText('Message 45 from Max').waitFor();
    const box = composer(page, 'Max');
    const boxArea = (await box.boundingBox())!;
    expect(boxArea.y + boxArea.height).toBeGreaterThan(844 - 120);
    expect(boxArea.y + boxArea.height).toBeLessThanOrEqual(844);
    // The page itself does not scroll, the conversation does; it opened at the newest.
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1),
    ).toBe(true);
    expect(await log(page).getByText('Message 45 from Max').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to chats' }).isVisible()).toBe(true);

    // Up to the top: the page before loads above, and what was read stays in view.
    expect(await log(page).getByText('Message 1 from Max', { exact: true }).count()).toBe(0);
    await log(page).evaluate((el) => {
      el.scrollTop = 0;
    });
    await log(page).getByText('Message 1 from Max', { exact: true }).waitFor();
    const oldest = log(page).getByText('Message 16 from Max', { exact: true });
    await expect.poll(() => oldest.isVisible()).toBe(true);
    await page.getByText('This is the beginning of your conversation with Max.').waitFor();

    await box.fill('Hi Max');
    await page.getByRole('button', { name: 'Send message' }).click();
    await log(page).getByText('Hi Max', { exact: true }).waitFor();
    expect(await box.inputValue()).toBe('');
    await expect.poll(() => log(page).getByText('Hi Max', { exact: true }).isVisible()).toBe(true);
    await lea.context.close();
    await max.context.close();
  });
});
