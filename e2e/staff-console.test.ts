import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, logInThroughUi, sharedApp } from './support/app-fixture.js';
import { activateViaMailbox, signUpViaApi } from './support/members.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const headers = { 'x-app-package': 'e2e' };
const ADMIN = { email: 'admin@amora.test', password: DEMO.password };

interface Member {
  context: BrowserContext;
  page: Page;
  id: number;
  email: string;
  password: string;
}

async function newMember(name: string): Promise<Member> {
  const { context, page } = await app.newPage({ viewport: { width: 390, height: 844 } });
  const account = await signUpViaApi(context, app.server.url, { name });
  await activateViaMailbox(context, app.server.url, account.email);
  return { context, page, ...account };
}

const api = (member: { context: BrowserContext }, path: string) =>
  member.context.request.get(app.url(path));
const post = (member: { context: BrowserContext }, path: string, data: unknown) =>
  member.context.request.post(app.url(path), { headers, data });

async function conversationWith(member: { context: BrowserContext }, other: number) {
  return ((await (await api(member, `/api/chat.php?profile=${other}`)).json()) as { id: number })
    .id;
}

describe('the staff console, as the demo admin and a moderator', () => {
  it('works the queues, bans a member whose open tab goes to the ban page, and logs it all', async () => {
    // The admin makes a new member a moderator.
    const admin = await app.newPage({ viewport: { width: 1280, height: 900 } });
    await logInThroughUi(admin.page, app.server.url, ADMIN);
    const moderator = await newMember('Morgan');
    await admin.page.goto(app.url('/admin/staff'));
    await admin.page.getByLabel('Member id').fill(String(moderator.id));
    await admin.page.getByRole('button', { name: 'Make moderator' }).click();
    await admin.page.getByRole('link', { name: /Morgan/ }).waitFor();

    // Something for every queue: a scammer with a photo, the same text to four new
    // conversations (the fourth, to the demo member, is held), and the demo member's report
    // with the chat, then their block.
    const demo = await app.newPage();
    await logInThroughUi(demo.page, app.server.url, DEMO);
    const demoId = ((await (await api(demo, '/api/user.php')).json()) as { user: { id: number } })
      .user.id;
    const scammer = await newMember('Scarlett');
    const image = await sharp({
      create: { width: 400, height: 500, channels: 3, background: { r: 200, g: 80, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const upload = await scammer.context.request.post(app.url('/api/profileimage.php'), {
      headers,
      multipart: { file: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: image } },
    });
    expect(upload.status()).toBe(200);
    const search = await api(scammer, '/api/search.php?searchAllCountries=1');
    const others = ((await search.json()) as { profiles: { id: number }[] }).profiles
      .filter((profile) => profile.id !== demoId)
      .slice(0, 3);
    const text = 'Hello dear, I need a gift card for my flight to you';
    const sent: number[] = [];
    for (const other of [...others, { id: demoId }]) {
      const conversation = await conversationWith(scammer, other.id);
      const res = await post(scammer, '/api/messages.php', { conversation, text });
      sent.push(res.status());
    }
    expect(sent.at(-1)).toBe(202);
    const demoChat = await conversationWith(demo, scammer.id);
    await post(demo, '/api/messages.php', { conversation: demoChat, text: 'Hi Scarlett!' });
    expect(
      (
        await post(demo, '/api/report.php', {
          profile: scammer.id,
          reason: 'scam',
          conversation: demoChat,
        })
      ).status(),
    ).toBe(200);
    expect((await post(demo, '/api/block.php', { profile: scammer.id })).status()).toBe(200);

    // The moderator works the report queue on a phone.
    const page = moderator.page;
    await page.goto(app.url('/admin'));
    const report = page.locator('li.card', { hasText: 'Scarlett' }).filter({ hasText: 'Scam' });
    await report.getByText('Hi Scarlett!').waitFor();
    await report.getByRole('button', { name: 'Work on this report' }).click();
    await report.getByLabel('Note').fill('Asked for a gift card; warned instead of banned first');
    await report.getByRole('button', { name: 'Warn' }).click();
    await report.waitFor({ state: 'detached' });

    // The photo queue: approve what is not the scammer's, reject theirs with a key.
    await page.getByRole('link', { name: 'Photos' }).click();
    const current = page.locator('.card', { has: page.getByRole('button', { name: /Approve/ }) });
    for (let i = 0; i < 10; i += 1) {
      await current.getByRole('link').first().waitFor();
      if ((await current.getByRole('link').first().textContent())?.includes('Scarlett')) break;
      await page.keyboard.press('a');
    }
    await current.getByLabel('Reason if rejected').selectOption('contact_details');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('r');
    await expect
      .poll(async () => (await (await api(scammer, '/api/user.php')).json()).user.profile.images)
      .toEqual([]);

    // The held message goes out: stored as sent, as the block lets nothing reach the demo
    // member, which its card says.
    await page.getByRole('link', { name: 'Held messages' }).click();
    const held = page.locator('li.card', { hasText: text });
    await held.getByText('Blocked', { exact: true }).waitFor();
    await held.getByRole('button', { name: 'Release' }).click();
    await held.waitFor({ state: 'detached' });

    // The ban: the scammer's open tab leaves for the ban page.
    await scammer.page.goto(app.url('/members'));
    await scammer.page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Members' }).click();
    // A moderator finds members by id or name; the address lookup is the admins'.
    await page.getByLabel('Member id or name').fill(String(scammer.id));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Scarlett' }).click();
    await page.getByRole('button', { name: 'Ban', exact: true }).click();
    // Orders, credits and sessions are the admins' too: not even their headings show.
    expect(
      await page.getByRole('heading', { name: /^(Orders|Credit ledger|Sessions)/ }).count(),
    ).toBe(0);
    await page.getByLabel('Reason').fill('Gift card scam, reported twice');
    await page.getByRole('button', { name: 'Ban member' }).click();
    await scammer.page.waitForURL(/\/pages\/ban$/);
    await scammer.page.getByText('This account has been banned.').waitFor();
    expect((await api(scammer, '/api/user.php')).status()).toBe(403);
    // Logging in again shows why.
    await scammer.page.goto(app.url('/login'));
    await scammer.page.getByLabel('E-mail address').fill(scammer.email);
    await scammer.page.getByLabel('Password', { exact: true }).fill(scammer.password);
    await scammer.page.getByRole('button', { name: 'Log in', exact: true }).click();
    await scammer.page.waitForURL(/\/pages\/ban$/);
    await scammer.page.getByText('Gift card scam, reported twice').waitFor();

    // The admin unbans, and the audit log tells the whole story, newest first.
    await admin.page.goto(app.url(`/admin/members/${scammer.id}`));
    // The ban form comes first; an admin also sees the credit correction's reason below it.
    await admin.page.getByLabel('Reason').first().fill('Appeal accepted after a call');
    await admin.page.getByRole('button', { name: 'Unban member' }).click();
    await admin.page.getByText('Scarlett can log in again.').waitFor();
    await admin.page.getByRole('link', { name: 'Audit log' }).click();
    const actions = admin.page.locator('tbody tr code');
    await actions.first().waitFor();
    const log = await actions.allTextContents();
    expect(log.slice(0, 7)).toEqual([
      'unban',
      'ban',
      'message.release',
      'photo.reject',
      'report.warn',
      'warn',
      'staff.grant',
    ]);
  });

  it('shows members without a role that the console is not theirs', async () => {
    const member = await newMember('Noor');
    await member.page.goto(app.url('/admin/reports'));
    await member.page.getByRole('heading', { name: 'This area is for staff only' }).waitFor();
    expect((await api(member, '/api/admin/reports.php')).status()).toBe(403);
  });
});
