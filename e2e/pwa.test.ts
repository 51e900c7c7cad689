/// <reference lib="dom" />
// page.evaluate callbacks run in the page: they use the browser globals.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appReady } from './support/app-fixture.js';
import { connectBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';

// The built web app is copied, so a test can publish a "new" service worker.
const builtWeb = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'amora-e2e-pwa-'));
const webDist = join(workDir, 'web');
const dataDir = join(workDir, 'data');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // `dist` is a link to the current build (decision 022): copy the files, not the link.
  cpSync(builtWeb, webDist, { recursive: true, dereference: true });
  cpSync(inject('pgliteTemplate'), join(dataDir, 'pgdata'), { recursive: true });
  server = await startServer({ DATA_DIR: dataDir, WEB_DIST: webDist, SEED_MEMBERS: '0' });
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the installable app: manifest and icons', () => {
  it('links the manifest from the page, which names the app, runs standalone and has icons', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      icons: { sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Amora',
      short_name: 'Amora',
      display: 'standalone',
      start_url: '/',
      scope: '/',
    });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    await page.close();
  });

  it('serves every icon as a PNG of its stated size, and the linked apple touch icon', async () => {
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as {
      icons: { src: string; sizes: string }[];
    };
    const icons = [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }];
    for (const icon of icons) {
      const res = await fetch(`${server.url}${icon.src}`);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const { width, height } = pngSize(Buffer.from(await res.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe(
      '/icons/apple-touch-icon.png',
    );
    await page.close();
  });

  it('serves the worker scripts for revalidation on every update check', async () => {
    for (const path of ['/sw.js', '/sw-push.js']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
    expect(await (await fetch(`${server.url}/sw.js`)).text()).toContain('/sw-push.js');
  });
});

describe('the service worker in Chromium', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  const controller = () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  it('registers /sw.js with scope / and becomes active', async () => {
    await page.goto(`${server.url}/`);
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      const active = ready.active!;
      if (active.state !== 'activated')
        await new Promise((resolve) => active.addEventListener('statechange', resolve));
      return { scope: ready.scope, script: active.scriptURL, state: active.state };
    });
    expect(registration).toEqual({
      scope: `${server.url}/`,
      script: `${server.url}/sw.js`,
      state: 'activated',
    });
    await page.reload();
    await expect.poll(controller).toBe(`${server.url}/sw.js`);
  });

  it('answers known client routes from the cached app shell', async () => {
    for (const path of ['/pages/faq', '/login?redirect=%2Fmembers', '/members/12', '/likes/m/7']) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(200);
      expect(response?.fromServiceWorker(), path).toBe(true);
      await expect.poll(() => page.locator('h1').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await controller()).toBe(`${server.url}/sw.js`);
    }
  });

  it('leaves unknown paths to the network, so they keep their real 404', async () => {
    for (const path of ['/no-such-page', '/members/abc', '/pages/nothing']) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(404);
      expect(response?.fromServiceWorker(), path).toBe(false);
    }
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('/pages/nothing');
    expect(await controller()).toBe(`${server.url}/sw.js`);
  });

  it('never answers /api/, /uploads/ or /_dev from the worker', async () => {
    const health = await page.goto(`${server.url}/api/health`);
    expect(health?.fromServiceWorker()).toBe(false);
    expect(await health?.json()).toMatchObject({ status: 'ok' });

    const upload = await page.goto(`${server.url}/uploads/none.jpg`);
    expect(upload?.status()).toBe(404);
    expect(upload?.fromServiceWorker()).toBe(false);

    // /_dev is answered by the server (the app there opens the developer panel, then goes home).
    const dev = await page.goto(`${server.url}/_dev`);
    expect(dev?.status()).toBe(200);
    expect(dev?.fromServiceWorker()).toBe(false);
    await page.waitForURL(`${server.url}/`);

    // A call from the controlled page goes to the network and nothing of /api is cached.
    const fromPage: boolean[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/health')) fromPage.push(response.fromServiceWorker());
    });
    const cached = await page.evaluate(async () => {
      const first = await (await fetch('/api/health')).json();
      const second = await (await fetch('/api/health')).json();
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return { first, second, urls };
    });
    expect(cached.first).toMatchObject({ status: 'ok' });
    expect(cached.second).toMatchObject({ status: 'ok' });
    expect(cached.urls.some((url) => url.includes('/index.html'))).toBe(true);
    expect(cached.urls.filter((url) => /\/(api|uploads|_dev)\//.test(url))).toEqual([]);
    await expect.poll(() => fromPage.length).toBe(2);
    expect(fromPage).toEqual([false, false]);
  });

  it('tells the member when a new version waits, and reloads into it on Refresh', async () => {
    await page.goto(`${server.url}/`);
    await expect.poll(controller).toBe(`${server.url}/sw.js`);
    // The toast is the app's.
    await appReady(page);
    const swPath = join(webDist, 'sw.js');
    writeFileSync(swPath, `${readFileSync(swPath, 'utf8')}\n// next build\n`);

    await page.evaluate(async () => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await refresh.waitFor({ timeout: 15_000 });
    expect(await page.getByText('A new version of Amora is ready.').count()).toBe(1);
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.ready).waiting)).toBe(
      true,
    );

    await Promise.all([page.waitForEvent('load'), refresh.click()]);
    await expect
      .poll(() => page.evaluate(() => 'beforeUpdate' in window), { timeout: 10_000 })
      .toBe(false);
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { waiting: !!registration.waiting, active: registration.active?.state };
    });
    expect(after).toEqual({ waiting: false, active: 'activated' });
    expect(await controller()).toBe(`${server.url}/sw.js`);
  });

  it('offers "Install app" once the browser allows it, and records the answer', async () => {
    await page.goto(`${server.url}/`);
    const install = page.getByRole('button', { name: 'Install app' });
    await page.locator('footer').waitFor();
    await appReady(page);
    expect(await install.count()).toBe(0);
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: async () => {
          (window as unknown as { prompted: boolean }).prompted = true;
        },
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });
    await install.waitFor();
    expect(await page.getByText('Add Amora to your home screen').count()).toBe(1);
    await install.click();
    await expect.poll(() => install.count()).toBe(0);
    expect(await page.evaluate(() => 'prompted' in window)).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() => JSON.parse(localStorage.getItem('amora.install-prompt') ?? '{}')),
      )
      .toMatchObject({ outcome: 'dismissed' });
  });
});
