import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { browserOptions } from './browser.js';
import { createPushServiceCa, type PushServiceCa } from './push-service.js';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The servers most browser test files share, one per worker (VITEST_POOL_ID 1 uses the
     * first), and where to ask for a server's data reset.
     */
    sharedApps: { url: string; resetUrl: string }[];
    /**
     * One Chromium per worker (VITEST_POOL_ID 1 uses the first): each file connects to its
     * worker's and makes its own contexts.
     */
    browserWsEndpoints: string[];
    /** A migrated embedded database to copy, for files that start servers of their own. */
    pgliteTemplate: string;
    /** The certificate the shared server trusts for the stand-in push service. */
    pushServiceCa: PushServiceCa;
  }
}

/**
 * The configuration of the shared server: the union of what the browser test files used
 * to start their own servers with (decision 023). A file that needs anything else starts
 * its own server with `startApp(env)`.
 */
export const SHARED_APP_ENV = {
  // Enough members that profiles have similar ones and the search has pages.
  SEED_MEMBERS: '60',
  // Messages to and from Belgium cost nothing: the chat tests need such a country.
  MESSAGE_CREDITS_BY_COUNTRY: 'BE=0',
  PUSH_SERVICE_HOSTS: '127.0.0.1',
  // Full prices for the payment tests: e2e/discount-codes.test.ts runs its own server with
  // the time bonus and the welcome code on.
  TIME_BONUS_PERCENT: '0',
  WELCOME_DISCOUNT_PERCENT: '0',
  // Uploaded photos show to others at once; e2e/photo-screening.test.ts screens on a server
  // of its own.
  PHOTO_SCREENING: 'off',
  // Fictional members do not answer on their own: e2e/demo-reply.test.ts runs its own server.
  DEMO_REPLY_SECONDS: '0',
  // Every browser test file asks from 127.0.0.1: the page renderings' limit per address
  // would leave later files the bare app (e2e/server-rendered-pages.test.ts checks it).
  PAGE_RENDERS_PER_MINUTE: '100000',
};

/** Asks the server over IPC to restore its start-up data; resolves once it has. */
function resetter(child: ChildProcess) {
  let next = 0;
  return () =>
    new Promise<void>((resolve, reject) => {
      const id = ++next;
      const onMessage = (message: { type?: string; id?: number; message?: string }) => {
        if (message?.id !== id) return;
        child.off('message', onMessage);
        if (message.type === 'reset-done') resolve();
        else reject(new Error(`reset failed: ${message.message}`));
      };
      child.on('message', onMessage);
      child.send({ type: 'reset', id });
    });
}

/**
 * A small endpoint on 127.0.0.1: `POST /reset/<n>` restores shared server n. Test files
 * run in Vitest's worker processes, which do not hold the servers' IPC channels.
 */
async function startControl(stops: (() => Promise<unknown> | unknown)[]) {
  const resets = new Map<number, () => Promise<void>>();
  const control = createServer((req, res) => {
    const reset =
      req.method === 'POST' && resets.get(Number(/^\/reset\/(\d+)$/.exec(req.url ?? '')?.[1]));
    if (!reset) return void res.writeHead(404).end();
    reset().then(
      () => res.writeHead(204).end(),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise<void>((resolve) => control.close(() => resolve())));
  const address = control.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, resets };
}

/**
 * Starts once per run of the browser tests: a migrated PGlite template, the stand-in push
 * service's certificate, one Chromium, and one shared server per worker, put back to its
 * seeded state when a file begins (`sharedApp()`).
 */
export default async function setup(project: TestProject) {
  const work = mkdtempSync(join(tmpdir(), 'amora-e2e-shared-'));
  const stops: (() => Promise<unknown> | unknown)[] = [
    () => rmSync(work, { recursive: true, force: true }),
  ];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const ca = createPushServiceCa(join(work, 'push-service-ca.pem'));
    project.provide('pushServiceCa', ca);
    const control = await startControl(stops);
    // The system files start every server they use themselves.
    const count =
      project.name === 'system'
        ? 0
        : project.config.maxWorkers || project.vitest.config.maxWorkers || 1;

    // Side by side: the template, Chromium, and the shared servers, each making and seeding
    // its own database (the portraits take a while to render).
    const makeTemplate = async () => {
      const template = join(work, 'pglite-template');
      const handle = await openPglite(template);
      await migrateToLatest(handle.db);
      await handle.close();
      return template;
    };
    const launchBrowserServer = async () => {
      // The system files' installable app and push need the full browser (browser.ts).
      const browser = await chromium.launchServer(
        browserOptions(project.name === 'system' ? 'full' : 'shell'),
      );
      stops.push(() => browser.close());
      return browser.wsEndpoint();
    };
    const startShared = async (index: number) => {
      const server = await startServer(
        {
          ...SHARED_APP_ENV,
          LOG_LEVEL: 'warn',
          DATA_DIR: join(work, `shared-app-${index + 1}`),
          NODE_EXTRA_CA_CERTS: ca.certFile,
          TEST_DATA_RESET: 'ipc',
        },
        { ipc: true },
      );
      stops.push(() => server.stop());
      control.resets.set(index + 1, resetter(server.process));
      return { url: server.url, resetUrl: `${control.url}/reset/${index + 1}` };
    };
    const workers = project.config.maxWorkers || project.vitest.config.maxWorkers || 1;
    const [template, wsEndpoints, servers] = await Promise.all([
      makeTemplate(),
      // A browser of its own for each worker: one Chromium's browser process, which every
      // page's events pass through, kept two workers waiting on each other.
      Promise.all(Array.from({ length: workers }, () => launchBrowserServer())),
      Promise.all(Array.from({ length: count }, (_, index) => startShared(index))),
    ]);
    project.provide('pgliteTemplate', template);
    project.provide('browserWsEndpoints', wsEndpoints);
    project.provide('sharedApps', servers);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
