import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, logInThroughUi, sharedApp } from './support/app-fixture.js';
import { activateViaMailbox, signUpViaApi } from './support/members.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const headers = { 'x-app-package': 'e2e' };

interface Member {
  context: BrowserContext;
  page: Page;
  id: number;
}

/** A member who signed up just now (a new member, for the brakes), activated, logged in. */
async function newMember(name: string, language = 'en', options: BrowserContextOptions = {}) {
  const { context, page } = await app.newPage(options);
  await context.addCookies([{ name: 'i18n_redirected', value: language, url: app.server.url }]);
  const { email, id } = await signUpViaApi(context, app.server.url, { name, language });
  await activateViaMailbox(context, app.server.url, email);
  return { context, page, id } satisfies Member;
}

/** Seeded members the member can write to, from the search (every country). */
async function othersFor(member: { context: BrowserContext }, count: number) {
  const res = await member.context.request.get(app.url('/api/search.php?searchAllCountries=1'));
  const { profiles } = (await res.json()) as { profiles: { id: number; name: string }[] };
  expect(profiles.length).toBeGreaterThanOrEqual(count);
  return profiles.slice(0, count);
}

async function conversationWith(member: { context: BrowserContext }, other: number) {
  const res = await member.context.request.get(app.url(`/api/chat.php?profile=${other}`));
  expect(res.status()).toBe(200);
  return (await res.json()).id as number;
}

async function sendViaApi(member: { context: BrowserContext }, conversation: number, text: string) {
  return member.context.request.post(app.url('/api/messages.php'), {
    headers,
    data: { conversation, text },
  });
}

const cardOf = (page: Page, id: number) =>
  page.locator('article.member-card', { has: page.locator(`a[href="/members/${id}"]`) });

describe('blocking, in English', () => {
  it('blocks a member from a result card: gone from search, likes and chats; unblocking brings the chat back', async () => {
    const { context, page } = await app.newPage({ viewport: { width: 390, height: 844 } });
    await logInThroughUi(page, app.server.url, DEMO);
    // The first member the search shows: liked and written to before the block.
    const searched = await context.request.get(app.url('/api/search.php'));
    const other = ((await searched.json()) as { profiles: { id: number; name: string }[] })
      .profiles[0]!;
    expect(
      (
        await context.request.post(app.url('/api/likes.php'), {
          headers,
          data: { profile: other.id },
        })
      ).status(),
    ).toBe(200);
    const conversation = await conversationWith({ context }, other.id);
    expect((await sendViaApi({ context }, conversation, 'Hello before the block')).status()).toBe(
      200,
    );

    await page.goto(app.url('/members'));
    const card = cardOf(page, other.id);
    await card.waitFor();
    await card.getByRole('button', { name: `More options for ${other.name}` }).click();
    await page.getByRole('menuitem', { name: `Block ${other.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Block ${other.name}?` });
    await dialog.getByText(`${other.name} is not told.`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByText(`You blocked ${other.name}.`).waitFor();
    await card.waitFor({ state: 'detached' });

    await page.goto(app.url('/likes/given'));
    await page.getByRole('heading', { name: 'Likes', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator(`a[href="/likes/m/${other.id}"]`).count()).toBe(0);
    await page.goto(app.url('/chats'));
    await page.getByRole('heading', { name: 'Chats', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Hello before the block').count()).toBe(0);
    expect((await context.request.get(app.url(`/api/profile.php?id=${other.id}`))).status()).toBe(
      404,
    );

    // Unblocking from the profile page's list.
    await page.goto(app.url('/profile#blocked'));
    const blocked = page.getByRole('region', { name: 'Blocked members' });
    await blocked.getByText(other.name).waitFor();
    await blocked.getByRole('button', { name: `Unblock ${other.name}` }).click();
    await blocked.getByText("You haven't blocked anyone.").waitFor();
    await page.goto(app.url('/chats'));
    await page.getByText('Hello before the block').waitFor();
    await page.goto(app.url(`/chats/${conversation}`));
    await page.getByRole('log').getByText('Hello before the block').waitFor();
    await context.close();
  });
});

describe('reporting, in German', () => {
  it('reports a photo, then the conversation and blocks in the same step', async () => {
    const me = await newMember('Jonas', 'de', { viewport: { width: 1280, height: 900 } });
    const [other] = await othersFor(me, 1);
    const { page } = me;

    await page.goto(app.url(`/members/${other!.id}`));
    await page.getByRole('button', { name: 'Foto melden' }).click();
    const photoDialog = page.getByRole('dialog', { name: `Ein Foto von ${other!.name} melden` });
    // The reason is chosen already for a photo.
    expect(await photoDialog.getByLabel('Nacktes oder unangemessenes Foto').isChecked()).toBe(true);
    await photoDialog
      .getByLabel('Möchtest du uns noch etwas mitteilen? (optional)')
      .fill('Nicht jugendfrei');
    await photoDialog.getByRole('button', { name: 'Meldung senden' }).click();
    await page.getByRole('dialog', { name: 'Danke für deine Meldung' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Schließen' }).first().click();

    // A conversation to report: written from the profile.
    await page.getByRole('button', { name: 'Nachricht schreiben' }).click();
    await page.waitForURL(/\/chats\/\d+$/);
    const conversation = Number(new URL(page.url()).pathname.split('/').pop());
    await sendViaApi(me, conversation, 'Hallo! Wie geht es dir?');
    await page.reload();
    await page.getByRole('log').getByText('Hallo! Wie geht es dir?').waitFor();
    await page.getByRole('button', { name: `Weitere Optionen für ${other!.name}` }).click();
    await page.getByRole('menuitem', { name: 'Unterhaltung melden' }).click();
    const chatDialog = page.getByRole('dialog', {
      name: `Deine Unterhaltung mit ${other!.name} melden`,
    });
    await chatDialog.getByRole('button', { name: 'Meldung senden' }).click();
    await chatDialog.getByText('Wähle einen Grund.').waitFor();
    await chatDialog.getByLabel('Belästigung, Drohungen oder Beleidigungen').check();
    await chatDialog.getByLabel(`${other!.name} auch blockieren`).check();
    await chatDialog.getByRole('button', { name: 'Meldung senden' }).click();
    const thanks = page.getByRole('dialog', { name: 'Danke für deine Meldung' });
    await thanks.getByText(`Du hast ${other!.name} außerdem blockiert.`).waitFor();
    await thanks.getByRole('button', { name: 'Schließen' }).first().click();
    await page.waitForURL(/\/chats$/);

    // Both reports arrived: asking again answers an open report's id.
    for (const body of [
      { profile: other!.id, reason: 'inappropriate_photo' },
      { profile: other!.id, reason: 'harassment' },
    ]) {
      const res = await me.context.request.post(app.url('/api/report.php'), {
        headers,
        data: body,
      });
      expect(res.status()).toBe(200);
    }
    const blocks = await me.context.request.get(app.url('/api/blocks.php'));
    expect(((await blocks.json()) as { profiles: { id: number }[] }).profiles).toEqual([
      expect.objectContaining({ id: other!.id }),
    ]);
    await me.context.close();
  });
});

describe('the brakes on a new member, in English', () => {
  it('holds the same text to a fourth member, and stops a sixth new conversation in the hour', async () => {
    const me = await newMember('Newbie');
    const others = await othersFor(me, 6);
    const { page } = me;
    const text = 'Hi dear, I am new here, write me on my e-mail 123';
    for (const other of others.slice(0, 3)) {
      const res = await sendViaApi(me, await conversationWith(me, other.id), text);
      expect(res.status()).toBe(200);
    }
    // The fourth, in the app: held.
    const fourth = others[3]!;
    await page.goto(app.url(`/chats/${await conversationWith(me, fourth.id)}`));
    const box = page.getByLabel(`Message to ${fourth.name}`);
    await box.fill(text.replace('123', '456'));
    await box.press('Enter');
    const log = page.getByRole('log');
    await log.getByText('Waiting for review').waitFor();

    const fifth = others[4]!;
    expect((await sendViaApi(me, await conversationWith(me, fifth.id), 'Hello you')).status()).toBe(
      200,
    );
    // The sixth new conversation within the hour: refused, saying when.
    const sixth = others[5]!;
    await page.goto(app.url(`/chats/${await conversationWith(me, sixth.id)}`));
    const sixthBox = page.getByLabel(`Message to ${sixth.name}`);
    await sixthBox.fill('Nice to meet you');
    await sixthBox.press('Enter');
    // The time it lifts: a time today, or a day and time (after midnight).
    await page
      .getByText(
        /New members can start only a few new conversations at first\. You can write to someone new again from \S/,
      )
      .waitFor();
    // Nothing typed is lost: the message stays, not sent, to try again later.
    const unsent = page
      .getByRole('log')
      .locator('.chat-message')
      .filter({ hasText: 'Nice to meet you' });
    expect(await unsent.textContent()).toContain('Not sent');
    expect(await unsent.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await me.context.close();
  });
});
