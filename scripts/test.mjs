// `npm test`: every test (unit, API on PGlite and — with TEST_DATABASE_URL — PostgreSQL,
// browser end-to-end), then the plain closing line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

const started = Date.now();
ensureInstalled();
ensureBuilt();
const prepared = Date.now();

const resultsDir = join(root, 'test-results');
const report = join(resultsDir, 'vitest.json');
const durations = join(resultsDir, 'durations.txt');
mkdirSync(resultsDir, { recursive: true });
rmSync(report, { force: true });
rmSync(durations, { force: true });

const vitest = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/project-durations-reporter.mjs',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: process.env },
);

const seconds = (from, to) => Math.round((to - from) / 1000);
if (existsSync(durations)) process.stdout.write(readFileSync(durations, 'utf8'));
console.log(
  `Install and build: ${seconds(started, prepared)} s; all tests: ${seconds(prepared, Date.now())} s`,
);

let line = '0 passed, 1 failed';
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(
    readFileSync(report, 'utf8'),
  );
  const skipped = numPendingTests + numTodoTests;
  // Skipped tests (PostgreSQL-only ones on PGlite) are said on their own line: CI reads the
  // last line, which keeps the plain `N passed, N failed` form.
  if (skipped) console.log(`${skipped} skipped (PostgreSQL-only tests in the PGlite run)`);
  line = `${numPassedTests} passed, ${numFailedTests} failed`;
}
writeFileSync(join(resultsDir, 'summary.txt'), `${line}\n`);
console.log(line);
process.exit(vitest.status ?? 1);
