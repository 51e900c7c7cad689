import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser } from './support/browser.js';
import { freePort } from './support/server.js';

// Issue 13: two `npm start`s of one checkout, one after the other; the second rebuilds, and
// the first keeps serving its own build (docs/decisions/022).
const root = fileURLToPath(new URL('..', import.meta.url));
// What the web app was last built from: the part of the build this file's point is about.
const webBuildMarker = join(root, 'node_modules', '.cache', 'amora', 'build-web');
const workDir = mkdtempSync(join(tmpdir(), 'amora-e2e-start-twice-'));

interface Instance {
  url: string;
  output: () => string;
  /** SIGTERM to `npm start` (which passes it on to the server), SIGKILL to its group after 20 s. */
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();
const killGroup = (child: ChildProcess) => {
  try {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, 'SIGKILL');
    }
  } catch {}
};
// Last resort if the test process itself ends: no build or server of this file outlives it.
const killAll = () => {
  for (const child of running) killGroup(child);
};
process.once('exit', killAll);

/** The environment `npm start` gets from a shell: none of the test runner's own settings. */
function shellEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (['NODE_ENV', 'MODE', 'TEST'].includes(key) || key.startsWith('VITEST')) delete env[key];
  }
  return env;
}

/** `node scripts/start.mjs` as `npm start` runs it, on its own port and data directory. */
async function npmStart(dataName: string): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    // Its own process group, so a build or server left behind can be ended with it.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...shellEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(workDir, dataName),
      SEED_MEMBERS: '2',
      LOG_LEVEL: 'warn',
    },
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => killGroup(child), 20_000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(child);
  };
  const url = `http://127.0.0.1:${port}`;
  // A start that builds takes tens of seconds on a busy machine.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      killGroup(child);
      throw new Error(`npm start did not answer in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, output: () => output, stop };
}

async function buildId(url: string): Promise<string> {
  const res = await fetch(`${url}/builds/latest.json`, { cache: 'no-store' });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** Scripts and styles an index.html names. */
const namedAssets = (html: string) =>
  [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );

async function bytes(url: string): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
  killAll();
  rmSync(workDir, { recursive: true, force: true });
});

describe('several instances from one checkout', () => {
  it('a second start leaves the first instance whole', { timeout: 420_000 }, async () => {
    const instances: Instance[] = [];
    try {
      const startedAt = Date.now();
      const first = await npmStart('first');
      instances.push(first);
      const firstSeconds = Math.round((Date.now() - startedAt) / 1000);
      const firstBuild = await buildId(first.url);

      // The first instance's page, without a service worker: every file comes from the server.
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const loaded = new Set<string>();
      const failures: string[] = [];
      page.on('requestfailed', (request) =>
        failures.push(`${request.url()}: ${request.failure()?.errorText}`),
      );
      page.on('response', (response) => {
        const type = response.request().resourceType();
        // API answers such as 403 for "nobody logged in" are answers, not failures.
        const api = new URL(response.url()).pathname.startsWith('/api/');
        if (response.status() >= 400 && !api)
          failures.push(`${response.status()} ${response.url()}`);
        if ((type === 'script' || type === 'stylesheet') && response.url().startsWith(first.url)) {
          loaded.add(response.url());
        }
      });
      await page.goto(`${first.url}/`, { waitUntil: 'networkidle' });
      const named = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
            'script[src], link[rel="stylesheet"][href], link[rel="modulepreload"][href]',
          ),
        ].map((element) => ('src' in element ? element.src : element.href)),
      );
      const pageAssets = [...new Set([...named, ...loaded])].filter((u) =>
        u.startsWith(`${first.url}/`),
      );
      expect(pageAssets.some((u) => u.endsWith('.js'))).toBe(true);
      expect(pageAssets.some((u) => u.endsWith('.css'))).toBe(true);
      const before = new Map<string, Buffer>();
      for (const asset of pageAssets) {
        const { status, body } = await bytes(asset);
        expect(status, asset).toBe(200);
        before.set(asset, body);
      }

      // The second start believes the web app's sources changed (no real source is touched)
      // and rebuilds it; the server's build is reused.
      writeFileSync(webBuildMarker, 'sources changed (e2e/start-twice.test.ts)');
      const builtAt = Date.now();
      const second = await npmStart('second');
      instances.push(second);
      const buildSeconds = Math.round((Date.now() - builtAt) / 1000);
      expect(second.output()).toContain('Building…');

      // The first instance still serves every script and style of its page, byte for byte…
      for (const [asset, body] of before) {
        const now = await bytes(asset);
        expect(now.status, asset).toBe(200);
        expect(now.body.equals(body), asset).toBe(true);
      }
      expect(await buildId(first.url)).toBe(firstBuild);
      // …and the open page moves to a lazily loaded screen without a failed request.
      loaded.clear();
      await page.locator('a[href="/pages/faq"]').first().click();
      await page.waitForURL(`${first.url}/pages/faq`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect([...loaded].some((u) => u.endsWith('.js'))).toBe(true);
      expect(failures).toEqual([]);
      await context.close();

      // The second instance serves the new build, whose entry script the first page never named.
      const secondBuild = await buildId(second.url);
      expect(secondBuild).not.toBe(firstBuild);
      const secondHtml = await (await fetch(`${second.url}/`)).text();
      const secondAssets = namedAssets(secondHtml);
      expect(secondAssets.length).toBeGreaterThan(0);
      for (const asset of secondAssets) {
        expect((await bytes(`${second.url}${asset}`)).status, asset).toBe(200);
      }
      const firstPaths = [...before.keys()].map((u) => new URL(u).pathname);
      expect(firstPaths).not.toContain(secondAssets.find((a) => /\/index-[^/]+\.js$/.test(a)));

      // Started again with nothing changed, it neither installs nor builds.
      await second.stop();
      const again = await npmStart('second');
      instances.push(again);
      expect(again.output()).not.toContain('Building…');
      expect(again.output()).not.toContain('Installing');
      expect(await buildId(again.url)).toBe(secondBuild);
      console.log(
        `start-twice: first start ${firstSeconds} s${first.output().includes('Building…') ? ' (it built)' : ''}, rebuilding start ${buildSeconds} s`,
      );
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
  });
});
