import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const shared = fileURLToPath(new URL('./packages/shared/src', import.meta.url));
const resolve = { alias: [{ find: /^@amora\/shared\/(.*)$/, replacement: `${shared}/$1.ts` }] };
const serverTests = ['apps/server/src/**/*.test.ts'];
const pureServerTests = [
  'apps/server/src/modules/geo/**/*.test.ts',
  'apps/server/src/modules/media/**/*.test.ts',
  'apps/server/src/config/**/*.test.ts',
  'apps/server/src/lib/client-address.test.ts',
  'apps/server/src/lib/transaction-retry.test.ts',
  'apps/server/src/plugins/page-preloads.test.ts',
  // The face check's model on pictures and the pose drawings (issue 48): no database.
  'apps/server/src/modules/verification/face-detector.test.ts',
  'apps/server/src/modules/verification/poses.test.ts',
];

const apiProject = (name: string, kind: 'pglite' | 'postgres') => ({
  resolve,
  test: {
    name,
    include: serverTests,
    exclude: pureServerTests,
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    // Each file builds its own app on its own database; the modules (the whole server)
    // are imported once per worker instead of once per file (half the CPU time otherwise).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/** Browser test files that start whole products of their own (scripts/test.mjs). */
const systemTests = [
  'e2e/start-twice.test.ts',
  'e2e/behind-nginx.test.ts',
  'e2e/server-lifecycle.test.ts',
  'e2e/pwa.test.ts',
  'e2e/chat-two-instances.test.ts',
  // The built server's traces to a local OTLP receiver, and its metrics port (issue 47).
  'e2e/traces.test.ts',
  // Drills: an instance killed, the database restarted, a backup restored (issue 45).
  'e2e/drills/**/*.test.ts',
];

const browserProject = (
  name: 'e2e' | 'system',
  files: { include?: string[]; exclude?: string[] },
) => ({
  resolve,
  test: {
    name,
    expect: { poll: { timeout: 10_000 } },
    include: files.include ?? ['e2e/**/*.test.ts'],
    exclude: files.exclude ?? [],
    // One Chromium and one database template per run; for `e2e` also one shared server per
    // worker (decision 023).
    globalSetup: ['e2e/support/global-setup.ts'],
    // The test files' helpers (Playwright's client among them) load once per worker.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

/**
 * Vitest's default on two cores is one worker. `npm test` runs the browser files and the
 * other projects in two Vitest processes side by side, one worker each (scripts/test.mjs);
 * run alone, a project may use two workers (more on larger machines).
 */
const workers = Math.min(4, Math.max(2, availableParallelism()));

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            ...pureServerTests,
          ],
          testTimeout: 30_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', 'postgres')] : []),
      browserProject('e2e', { exclude: systemTests }),
      // Whole products started as an operator starts them (a build, two instances behind
      // nginx, a restart): `npm test` runs them after the API tests, beside the browser
      // tests; `npm run validate` leaves them out.
      browserProject('system', { include: systemTests }),
    ],
  },
});
