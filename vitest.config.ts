import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const shared = fileURLToPath(new URL('./packages/shared/src', import.meta.url));
const resolve = { alias: [{ find: /^@amora\/shared\/(.*)$/, replacement: `${shared}/$1.ts` }] };
const serverTests = ['apps/server/src/**/*.test.ts'];
const pureServerTests = [
  'apps/server/src/modules/geo/**/*.test.ts',
  'apps/server/src/config/**/*.test.ts',
];

const apiProject = (name: string, kind: 'pglite' | 'postgres') => ({
  resolve,
  test: {
    name,
    include: serverTests,
    exclude: pureServerTests,
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
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
      {
        resolve,
        test: {
          name: 'e2e',
          expect: { poll: { timeout: 10_000 } },
          include: ['e2e/**/*.test.ts'],
          // One shared server, Chromium and database template per run (decision 023).
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
