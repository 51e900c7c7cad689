/// <reference lib="dom" />
// page.evaluate callbacks run in the page (and worker.evaluate ones in the service worker).
import type { BrowserContext, BrowserContextOptions, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, sharedApp } from './support/app-fixture.js';
import { activateViaMailbox, signUpViaApi } from './support/members.js';
import { type SubscriptionJson, startPushService } from './support/push-service.js';

let push: Awaited<ReturnType<typeof startPushService>>;
let app: App;
beforeAll(async () => {
  // The shared server trusts this certificate (web-push only sends to https).
  push = await startPushService(inject('pushServiceCa'));
  // Push: the full Chromium (the headless shell has no push service).
  app = await sharedApp({ browser: 'full' });
});
afterAll(async () => {
  await app?.close();
  await push?.close();
});

/** Live delivery takes well under a second; polling (every 60 s) would fail these waits. */
const LIVE_MS = 10_000;
const headers = { 'x-app-package': 'e2e' };

interface Member {
  context: BrowserContext;
  page: Page;
  id: number;
  name: string;
}

/**
 * A new member, activated (others only see and reach activated members) and logged in,
 * whose browser records what the app puts on its icon (Badging API stubbed).
 */
async function member(
  name: string,
  options: BrowserContextOptions & { language?: string } = {},
): Promise<Member> {
  const { language, ...contextOptions } = options;
  // Push arrives through the service worker: these contexts keep theirs.
  const { context, page } = await app.newPage({ serviceWorkers: 'allow', ...contextOptions });
  if (language) {
    await context.addCookies([{ name: 'i18n_redirected', value: language, url: app.server.url }]);
  }
  await context.addInitScript(() => {
    const calls: number[] = [];
    Object.assign(window, { badgeCalls: calls });
    Object.assign(navigator, {
      setAppBadge: async (n?: number) => void calls.push(n ?? 0),
      clearAppBadge: async () => void calls.push(0),
    });
  });
  const { email, id } = await signUpViaApi(context, app.server.url, {
    name,
    ...(language && { language }),
  });
  await activateViaMailbox(context, app.server.url, email);
  return { context, page, id, name };
}

/** The last number the app put on its icon (0: cleared). */
const badge = (page: Page) =>
  page.evaluate(() => (window as unknown as { badgeCalls: number[] }).badgeCalls.at(-1));

async function chatBetween(from: Member, to: Member): Promise<number> {
  const res = await from.context.request.get(app.url(`/api/chat.php?profile=${to.id}`));
  expect(res.status()).toBe(200);
  return (await res.json()).id;
}

async function send(from: Member, conversation: number, text: string) {
  const res = await from.context.request.post(app.url('/api/messages.php'), {
    headers,
    data: { conversation, text },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function likeViaApi(from: Member, to: Member) {
  const res = await from.context.request.post(app.url('/api/likes.php'), {
    headers,
    data: { profile: to.id },
  });
  expect(res.status()).toBe(200);
}

const nav = (page: Page) =>
  page.getByRole('navigation', { name: /Main navigation|Hauptnavigation/ }).first();
const item = (page: Page, text: string | RegExp) =>
  page.locator('.notification-item', { hasText: text });

describe('notifications in the browser', () => {
  it('a like and a message arrive live, counted in the navigation and on the icon; opening them reads them', async () => {
    const anna = await member('Anna');
    const bram = await member('Bram');

    await bram.page.goto(app.url('/notifications'));
    await bram.page.getByText('No notifications yet').waitFor();
    // Marks this document: a reload would lose it.
    await bram.page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // Anna likes Bram on his profile.
    await anna.page.goto(app.url(`/members/${bram.id}`));
    const like = anna.page.locator('.profile-actions .like-button');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');

    const liked = item(bram.page, 'Anna likes you');
    await liked.waitFor({ timeout: LIVE_MS });
    expect(await liked.getAttribute('class')).toContain('unread');
    await liked.getByText('Unread').waitFor({ state: 'attached' });
    expect(
      await liked.locator('.notification-text').evaluate((el) => getComputedStyle(el).fontWeight),
    ).toBe('600');
    await bram.page.getByRole('heading', { name: '1 unread' }).waitFor();
    await expect
      .poll(() => nav(bram.page).getByRole('link', { name: /Likes/ }).textContent())
      .toContain('1 new like');
    await expect.poll(() => badge(bram.page)).toBe(1);

    // Anna writes to Bram: the message comes first, both count on the icon.
    const chatId = await chatBetween(anna, bram);
    await send(anna, chatId, 'Hi Bram, how was your weekend?');
    const message = item(bram.page, 'Anna sent you a message');
    await message.waitFor({ timeout: LIVE_MS });
    expect(await message.getAttribute('class')).toContain('unread');
    await expect
      .poll(() => bram.page.locator('.notification-item').first().textContent())
      .toContain('Anna sent you a message');
    await bram.page.getByRole('heading', { name: '2 unread' }).waitFor();
    await expect
      .poll(() => nav(bram.page).getByRole('link', { name: /Chats/ }).textContent())
      .toContain('1 unread message');
    await expect.poll(() => badge(bram.page)).toBe(2);
    expect(await bram.page.evaluate(() => 'sameDocument' in window)).toBe(true);

    // Opening the message goes to the chat and reads it: one left on the icon.
    await message.getByRole('link').click();
    await bram.page.waitForURL(app.url(`/chats/${chatId}`));
    await bram.page.getByRole('log').getByText('Hi Bram, how was your weekend?').waitFor();
    await expect.poll(() => badge(bram.page)).toBe(1);
    await bram.page.goBack();
    await bram.page.waitForURL(app.url('/notifications'));
    await bram.page.getByRole('heading', { name: '1 unread' }).waitFor();
    await expect.poll(() => message.getAttribute('class')).not.toContain('unread');
    expect(await liked.getAttribute('class')).toContain('unread');

    // Opening the like shows Anna's profile: nothing left.
    await liked.getByRole('link').click();
    await bram.page.waitForURL(app.url(`/members/${anna.id}`));
    await bram.page.getByRole('heading', { name: /Anna/ }).first().waitFor();
    await expect.poll(() => badge(bram.page)).toBe(0);
    expect(await nav(bram.page).getByRole('link', { name: /Likes/ }).textContent()).not.toContain(
      'new like',
    );
    await bram.page.goBack();
    await bram.page.getByRole('heading', { name: '0 unread' }).waitFor();
    await expect.poll(() => liked.getAttribute('class')).not.toContain('unread');
    const markAll = bram.page.getByRole('button', { name: 'Mark all as read' });
    expect(await markAll.isDisabled()).toBe(true);

    // Two more messages gather in one new notification; "Mark all as read" reads it, for good.
    await send(anna, chatId, 'Are you free on Friday?');
    await send(anna, chatId, 'There is a concert in the park.');
    const more = item(bram.page, 'Anna sent you 2 messages');
    await more.waitFor({ timeout: LIVE_MS });
    expect(await more.getAttribute('class')).toContain('unread');
    await expect.poll(() => badge(bram.page)).toBe(2);
    await markAll.click();
    await bram.page.getByRole('heading', { name: '0 unread' }).waitFor();
    expect(await bram.page.locator('.notification-item.unread').count()).toBe(0);
    await bram.page.reload();
    await more.waitFor();
    expect(await bram.page.locator('.notification-item.unread').count()).toBe(0);
    // Reading notifications is not reading the chat: the messages still wait there.
    await expect.poll(() => badge(bram.page)).toBe(2);

    await anna.context.close();
    await bram.context.close();
  });

  it('speaks the member’s language', async () => {
    const anna = await member('Anna');
    const carla = await member('Carla', { language: 'de' });
    await carla.page.goto(app.url('/notifications'));
    await carla.page.getByText('Noch keine Benachrichtigungen').waitFor();

    await likeViaApi(anna, carla);
    await send(anna, await chatBetween(anna, carla), 'Hallo Carla!');
    await item(carla.page, 'Anna mag dich').waitFor({ timeout: LIVE_MS });
    await item(carla.page, 'Anna hat dir eine Nachricht geschickt').waitFor({ timeout: LIVE_MS });
    await carla.page.getByRole('heading', { name: '2 ungelesen' }).waitFor();
    await carla.page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' }).waitFor();
    await expect
      .poll(() => nav(carla.page).getByRole('link', { name: /Likes/ }).textContent())
      .toContain('1 neues Like');
    await expect.poll(() => badge(carla.page)).toBe(2);
    await carla.page.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    await carla.page.getByRole('heading', { name: '0 ungelesen' }).waitFor();

    await anna.context.close();
    await carla.context.close();
  });

  it('with the page hidden a push goes out; the service worker shows it, badges the icon and a click opens the chat', async () => {
    const eric = await member('Eric');
    // Push needs the notification permission and a subscription: Chromium here has no push
    // service, so PushManager hands out one at the stand-in service (DESIGN "Push").
    const subscription = push.subscription();
    const dora = await member('Dora', { language: 'de', permissions: ['notifications'] });
    await dora.context.addInitScript((json: SubscriptionJson) => {
      const make = () => ({
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => json,
        unsubscribe: async () => {
          localStorage.removeItem('e2e-push');
          return true;
        },
      });
      PushManager.prototype.getSubscription = async () =>
        (localStorage.getItem('e2e-push') ? make() : null) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async () => {
        localStorage.setItem('e2e-push', '1');
        return make() as unknown as PushSubscription;
      };
    }, subscription);

    // Dora turns notifications on from the prompt; the app attaches the subscription.
    const { page } = dora;
    await page.goto(app.url('/members'));
    await page.evaluate(() => navigator.serviceWorker.ready);
    const attached = page.waitForResponse(
      (r) => r.url().endsWith('/api/user.php?push=1') && r.request().method() === 'POST',
    );
    await page.locator('[data-prompt="push"]').getByRole('button', { name: 'Einschalten' }).click();
    expect((await attached).status()).toBe(200);
    await page.locator('[data-prompt="push"]').waitFor({ state: 'detached' });

    // Dora looks at her chat with Eric (the page is now the worker's): no push for it.
    const chatId = await chatBetween(eric, dora);
    // Listening for the frame from the moment the socket exists: under load the page can
    // send it before the navigation has finished.
    const present = page
      .waitForEvent('websocket')
      .then((socket) =>
        socket.waitForEvent('framesent', (frame) =>
          String(frame.payload).includes(`"conversation":${chatId}`),
        ),
      );
    await page.goto(app.url(`/chats/${chatId}`));
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await present;
    await new Promise((r) => setTimeout(r, 500));
    await send(eric, chatId, 'Hallo Dora!');
    await page.getByRole('log').getByText('Hallo Dora!').waitFor({ timeout: LIVE_MS });

    // The page is hidden (another tab, the phone locked): the app says so, with its header.
    const hidden = page.waitForRequest(
      (r) => r.url().endsWith('/api/page-hidden.php') && r.method() === 'POST',
    );
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'hidden',
      });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const request = await hidden;
    expect(request.headers()['x-app-package']).toBeTruthy();
    expect((await request.response())?.status()).toBe(200);

    // (One after the other: a push carries the icon's count when it is sent.)
    await send(eric, chatId, 'Hast du am Sonntag Zeit?');
    await expect
      .poll(() => push.receivedBy(subscription.endpoint).length, { timeout: LIVE_MS })
      .toBe(1);
    await likeViaApi(eric, dora);
    await expect
      .poll(() => push.receivedBy(subscription.endpoint).length, { timeout: LIVE_MS })
      .toBe(2);
    // Only what came while hidden was pushed, in German, with the icon's count.
    const [messagePush, likePush] = push.receivedBy(subscription.endpoint);
    expect(messagePush).toEqual({
      title: 'Neue Nachricht von Eric',
      body: 'Hast du am Sonntag Zeit?',
      url: `/chats/${chatId}`,
      // The message's own tag (and Web Push Topic): a repeat of this push replaces it.
      tag: expect.stringMatching(/^message-\d+$/),
      badge: 1,
    });
    const messageTag = String(messagePush!.tag);
    const newerTag = `message-${Number(messageTag.slice('message-'.length)) + 1}`;
    expect(likePush).toEqual({
      title: 'Eric mag dich',
      body: 'Sieh dir das Profil an und like zurück.',
      url: '/likes',
      tag: 'likes',
      badge: 2,
    });

    // Back on the page, Dora reads the message: the icon counts only the like.
    await page.evaluate(() => {
      delete (document as { visibilityState?: unknown }).visibilityState;
      delete (document as { hidden?: unknown }).hidden;
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => badge(page)).toBe(1);

    // The push reaches Dora's service worker (through the DevTools protocol).
    const cdp = await dora.context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) =>
      registrations.push(...e.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => r.scopeURL === app.url('/'))).toBe(true);
    const registrationId = registrations.find((r) => r.scopeURL === app.url('/'))!.registrationId;
    const worker = (): Worker => {
      const found = dora.context.serviceWorkers().find((w) => w.url() === app.url('/sw.js'));
      if (!found) throw new Error('no service worker');
      return found;
    };
    // The worker's Badging API records too.
    await worker().evaluate(() => {
      const calls: number[] = [];
      Object.assign(self, { badgeCalls: calls });
      Object.defineProperty(self.navigator, 'setAppBadge', {
        configurable: true,
        value: async (n?: number) => void calls.push(n ?? 0),
      });
    });
    const deliver = (payload: Record<string, unknown>) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: app.server.url,
        registrationId,
        data: JSON.stringify(payload),
      });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data,
        })),
      );
    // The open page hears what was shown: the push state's lastMessage.
    const told = page.evaluate(
      () =>
        new Promise<unknown>((resolve) =>
          navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data), {
            once: true,
          }),
        ),
    );
    await deliver(messagePush!);
    expect(await told).toMatchObject({
      type: 'amora:push',
      title: 'Neue Nachricht von Eric',
      body: 'Hast du am Sonntag Zeit?',
      url: app.url(`/chats/${chatId}`),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    await expect.poll(shown).toEqual([
      {
        title: 'Neue Nachricht von Eric',
        body: 'Hast du am Sonntag Zeit?',
        tag: messageTag,
        data: { url: app.url(`/chats/${chatId}`) },
      },
    ]);
    expect(
      await worker().evaluate(() => (self as unknown as { badgeCalls: number[] }).badgeCalls),
    ).toEqual([1]);
    // One notification per tag: the like joins it; the same push again (sent twice after a
    // crash) replaces its own; the chat's next message replaces the chat's older one.
    await deliver(likePush!);
    await expect.poll(async () => (await shown()).length).toBe(2);
    await deliver(messagePush!);
    await deliver({ ...messagePush, tag: newerTag, body: '2 neue Nachrichten', badge: 3 });
    await expect
      .poll(async () => (await shown()).map((n) => `${n.tag}: ${n.body}`).sort())
      .toEqual([
        'likes: Sieh dir das Profil an und like zurück.',
        `${newerTag}: 2 neue Nachrichten`,
      ]);
    expect(
      await worker().evaluate(() => (self as unknown as { badgeCalls: number[] }).badgeCalls),
    ).toEqual([1, 2, 1, 3]);

    // A click on the message notification brings the open window to the chat. Chromium
    // refuses waitUntil on a script-made notificationclick, so the test runs the handler's
    // own code (self.openNotificationTarget) with the notification's url.
    await page.goto(app.url('/notifications'));
    await item(page, 'Eric hat dir eine Nachricht geschickt').first().waitFor();
    await worker().evaluate(async (tag) => {
      const sw = self as unknown as {
        registration: ServiceWorkerRegistration;
        openNotificationTarget: (url: string) => Promise<unknown>;
      };
      const [notification] = await sw.registration.getNotifications({ tag });
      notification!.close();
      await sw.openNotificationTarget(notification!.data.url);
    }, newerTag);
    await page.waitForURL(app.url(`/chats/${chatId}`));
    await page.getByRole('log').getByText('Hast du am Sonntag Zeit?').waitFor();
    // And the like's opens the likes.
    await worker().evaluate(async () => {
      const sw = self as unknown as {
        registration: ServiceWorkerRegistration;
        openNotificationTarget: (url: string) => Promise<unknown>;
      };
      const [notification] = await sw.registration.getNotifications({ tag: 'likes' });
      await sw.openNotificationTarget(notification!.data.url);
    });
    await page.waitForURL(app.url('/likes'));

    await cdp.detach();
    await eric.context.close();
    await dora.context.close();
  });
});
