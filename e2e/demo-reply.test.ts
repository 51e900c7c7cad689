import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, logInThroughUi, startApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await startApp({ SEED_MEMBERS: '5', DEMO_REPLY_SECONDS: '1' });
});
afterAll(() => app?.close());

describe('the demo’s automatic reply in the browser', () => {
  it('shows a fictional member answering the first message live, marked as automatic', async () => {
    const { context, page } = await app.newPage({ viewport: { width: 1280, height: 900 } });
    await logInThroughUi(page, app.server.url);
    await page.getByLabel('Country').selectOption('*');
    const start = page.getByRole('button', { name: /^Start a conversation with / }).first();
    await start.waitFor();
    await start.click();
    await page.waitForURL(/\/chats\/\d+$/);
    await page.getByRole('textbox').fill('Hello, how are you?');
    await page.getByRole('button', { name: 'Send message' }).click();
    const log = page.getByRole('log');
    await log.getByText('Hello, how are you?', { exact: true }).waitFor();
    // In the member's own language: the demo member is Dutch.
    await log
      .getByText('Hoi! Bedankt voor je bericht, leuk om van je te horen. Wat ga je vandaag doen?')
      .waitFor({ timeout: 15_000 });
    await log.getByText('automatic demo reply').waitFor();
    await context.close();
  });
});
