import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser } from './support/browser.js';
import { activateViaMailbox, signUpViaApi } from './support/members.js';
import { type RunningServer, startServer } from './support/server.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Issue 7's "done when": two members in two browsers, on two app instances sharing one
 * PostgreSQL database, chat live: the message crosses instances through LISTEN/NOTIFY.
 */
describe.skipIf(!postgresUrl)('chat across two app instances on PostgreSQL', () => {
  const name = `amora_e2e_chat_${process.pid}_${Date.now()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-e2e-two-'));
  let admin: pg.Client;
  let first: RunningServer;
  let second: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, SEED_MEMBERS: '0' };
    first = await startServer(env);
    // The second instance opens the database the first one migrated.
    second = await startServer(env);
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await second?.stop();
    await first?.stop();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a message sent on one instance live to the other, and the unread count', async () => {
    const annaContext = await browser.newContext({ locale: 'en-US' });
    const bramContext = await browser.newContext({ locale: 'en-US' });
    const anna = await signUpViaApi(annaContext, first.url, { name: 'Anna' });
    const bram = await signUpViaApi(bramContext, second.url, { name: 'Bram' });
    await activateViaMailbox(annaContext, first.url, anna.email);
    await activateViaMailbox(bramContext, first.url, bram.email);

    const annaPage = await annaContext.newPage();
    await annaPage.goto(`${first.url}/members/${bram.id}/chat`);
    await annaPage.waitForURL(/\/chats\/\d+$/);
    const chatId = new URL(annaPage.url()).pathname.split('/').pop();

    // Bram, on the other instance, waits in his chats list, then in the conversation.
    const bramPage = await bramContext.newPage();
    // His page's live channel is up once it has told the server about itself (presence):
    // only then can it hear of Anna's message (what came before, the next poll brings).
    let liveUp: Promise<unknown> | undefined;
    bramPage.on('websocket', (socket) => {
      if (socket.url().includes('/api/live.php')) liveUp ??= socket.waitForEvent('framesent');
    });
    await bramPage.goto(`${second.url}/chats`);
    await expect.poll(() => liveUp !== undefined, { timeout: 20_000 }).toBe(true);
    await liveUp;
    const box = annaPage.getByLabel('Message to Bram');
    await box.fill('Hello from the first instance');
    await box.press('Enter');
    // The list polls once a minute: seeing it within seconds is the live channel's doing.
    await bramPage
      .getByRole('link', { name: 'Chat with Anna, 1 unread message' })
      .waitFor({ timeout: 20_000 });

    await bramPage.goto(`${second.url}/chats/${chatId}`);
    await bramPage.getByRole('log').getByText('Hello from the first instance').waitFor();
    // From now on Bram's page cannot load messages itself: only the live channel can bring
    // the next one.
    await bramContext.route('**/api/messages.php**', (route) => route.abort());
    await box.fill('And this one arrives while you look');
    const sentAt = Date.now();
    await box.press('Enter');
    await bramPage
      .getByRole('log')
      .getByText('And this one arrives while you look')
      .waitFor({ timeout: 20_000 });
    console.info(`two instances: message shown after ${Date.now() - sentAt} ms`);
    await annaPage.getByRole('log').getByText('Read', { exact: true }).waitFor({ timeout: 20_000 });
    await annaContext.close();
    await bramContext.close();
  });
});
