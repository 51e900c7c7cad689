import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { inject } from 'vitest';
import { type BrowserKind, connectBrowser, launchBrowser } from './browser.js';
import { startServer } from './server.js';

export const DEMO = { email: 'demo@amora.test', password: 'amora-demo-2026' };

export interface App {
  server: { url: string };
  browser: Browser;
  url: (path: string) => string;
  newPage(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** The app has taken the page over (a page not opened through `newPage`, whose goto waits). */
export const appReady = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.app === 'ready').then(() => {});

/**
 * `goto` and `reload` return once the app has taken the page over, as a visitor waits for a
 * page to respond: a page the server rendered whole starts its app after load (decision
 * 054), any other page at once. Not for a plain page of the server's (the test checkout) or
 * another site's.
 */
export function untilTheAppTakesOver(page: Page): Page {
  const untilReady = async () => {
    if (await page.evaluate(() => !!document.getElementById('root'))) await appReady(page);
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilReady();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilReady();
    return response;
  };
  return page;
}

function appOn(url: string, browser: Browser, stop: () => Promise<void>): App {
  return {
    server: { url },
    browser,
    url: (path) => `${url}${path}`,
    /**
     * A new browser context and page. Service workers are off unless a test asks for them
     * (`serviceWorkers: 'allow'`): each new context would otherwise precache the whole app,
     * work that only the PWA, push and signup tests are about.
     */
    async newPage(options = {}) {
      const context = await browser.newContext({
        locale: 'en-US',
        serviceWorkers: 'block',
        ...options,
      });
      return { context, page: untilTheAppTakesOver(await context.newPage()) };
    },
    async close() {
      await browser.close();
      await stop();
    },
  };
}

/**
 * This worker's shared server (e2e/support/global-setup.ts), its data put back as seeded
 * (60 members and the demo login), and the shared Chromium: what most files need. Files
 * that run at the same time run in different workers, so they never share a server.
 */
export async function sharedApp(
  options: { browser?: BrowserKind; browserArgs?: string[] } = {},
): Promise<App> {
  const servers = inject('sharedApps');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const { url, resetUrl } = servers[(worker - 1) % servers.length]!;
  const reset = await fetch(resetUrl, { method: 'POST' });
  if (!reset.ok) throw new Error(`the shared server could not be reset: ${await reset.text()}`);
  // A file about push takes a full Chromium of its own, as does one that needs flags of its
  // own (the fake camera of e2e/verification.test.ts); closing the app closes it.
  const browser =
    options.browser === 'full' || options.browserArgs
      ? await launchBrowser(options.browser ?? 'shell', options.browserArgs)
      : await connectBrowser();
  return appOn(url, browser, async () => {});
}

/**
 * A server of this file's own, for a configuration the shared one does not have (see
 * SHARED_APP_ENV), on a copy of the migrated template with a couple of demo members.
 */
export async function startApp(env: Record<string, string> = {}): Promise<App> {
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-e2e-'));
  cpSync(inject('pgliteTemplate'), join(dataDir, 'pgdata'), { recursive: true });
  const server = await startServer({
    DATA_DIR: dataDir,
    SEED_MEMBERS: '2',
    // As the shared server: full prices unless a test turns the discounts on.
    TIME_BONUS_PERCENT: '0',
    WELCOME_DISCOUNT_PERCENT: '0',
    DEMO_REPLY_SECONDS: '0',
    ...env,
  });
  return appOn(server.url, await connectBrowser(), async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

/** Logs in through the login form like a member would. */
export async function logInThroughUi(page: Page, baseUrl: string, credentials = DEMO) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail address').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/members$/);
}
