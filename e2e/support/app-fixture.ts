import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { type RunningServer, startServer } from './server.js';

export const DEMO = { email: 'demo@amora.test', password: 'amora-demo-2026' };

/** One built server with a couple of demo members and one browser, for a test file. */
export async function startApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-e2e-'));
  const server: RunningServer = await startServer({ DATA_DIR: dataDir, SEED_MEMBERS: '2', ...env });
  const browser: Browser = await launchBrowser();
  return {
    server,
    browser,
    url: (path: string) => `${server.url}${path}`,
    async newPage(
      options: BrowserContextOptions = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ locale: 'en-US', ...options });
      return { context, page: await context.newPage() };
    },
    async close() {
      await browser.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in through the login form like a member would. */
export async function logInThroughUi(page: Page, baseUrl: string, credentials = DEMO) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail address').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/members$/);
}
