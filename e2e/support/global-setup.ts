import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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
    /** The server most browser test files share, and where to ask for its data reset. */
    sharedApp: { url: string; resetUrl: string };
    /** One Chromium for every file; each connects and makes its own contexts. */
    browserWsEndpoint: string;
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
 * Starts once per run of the browser tests: a migrated PGlite template, the stand-in push
 * service's certificate, one Chromium, and one server that every file shares, put back to
 * its seeded state when a file begins (`sharedApp()`). Test files run in other processes,
 * so a small control endpoint here turns their reset call into the server's IPC message.
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
    const template = join(work, 'pglite-template');
    const handle = await openPglite(template);
    await migrateToLatest(handle.db);
    await handle.close();
    project.provide('pgliteTemplate', template);

    const ca = createPushServiceCa(join(work, 'push-service-ca.pem'));
    project.provide('pushServiceCa', ca);

    const browser = await chromium.launchServer(browserOptions());
    stops.push(() => browser.close());
    project.provide('browserWsEndpoint', browser.wsEndpoint());

    const dataDir = join(work, 'shared-app');
    mkdirSync(dataDir);
    cpSync(template, join(dataDir, 'pgdata'), { recursive: true });
    const server = await startServer(
      {
        ...SHARED_APP_ENV,
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        NODE_EXTRA_CA_CERTS: ca.certFile,
        TEST_DATA_RESET: 'ipc',
      },
      { ipc: true },
    );
    stops.push(() => server.stop());

    const reset = resetter(server.process);
    const control = createServer((req, res) => {
      if (req.method !== 'POST' || req.url !== '/reset') return void res.writeHead(404).end();
      reset().then(
        () => res.writeHead(204).end(),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
    });
    await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise<void>((resolve) => control.close(() => resolve())));
    const address = control.address();
    const controlPort = typeof address === 'object' && address ? address.port : 0;
    project.provide('sharedApp', {
      url: server.url,
      resetUrl: `http://127.0.0.1:${controlPort}/reset`,
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
