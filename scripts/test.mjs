// `npm test`: every test (unit, API on PGlite and — with TEST_DATABASE_URL — PostgreSQL,
// browser end-to-end, and the system tests that start whole products), then the plain
// closing line `N passed, N failed`.
//
// The browser tests run in one worker with the shared server and Chromium; the unit and API
// tests run beside them in Vitest processes of their own with one worker, so neither waits
// for the other (docs/decisions/023, 051). The API tests start beside the build; the system
// tests (a build, two instances behind nginx, restarts) follow the API and unit tests,
// beside the rest of the browser tests. Arguments (`npm test -- e2e/chat.test.ts`,
// `npm test -- --project unit`) run one Vitest as given.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

const started = Date.now();
ensureInstalled();
const installed = Date.now();
const resultsDir = join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });

/**
 * One Vitest run with its JSON report and project durations in test-results/. `yielding`
 * runs it at a lower CPU priority (`nice`): it gives way to the browser tests, which the
 * whole run waits for, and takes the cores they leave idle.
 */
function vitest(name, args, { yielding = false } = {}) {
  const report = join(resultsDir, `vitest-${name}.json`);
  const durations = join(resultsDir, `durations-${name}.txt`);
  const retried = join(resultsDir, `retried-${name}.txt`);
  for (const file of [report, durations, retried]) rmSync(file, { force: true });
  const command = [
    'npx',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/project-durations-reporter.mjs',
    '--reporter=./scripts/retried-tests-reporter.mjs',
    `--outputFile.json=${report}`,
    ...args,
  ];
  const [program, ...rest] = yielding ? ['nice', '-n', '10', ...command] : command;
  const child = spawn(program, rest, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DURATIONS_FILE: durations, RETRIED_FILE: retried },
  });
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve({ name, code: code ?? 1, report, durations, retried }));
  });
}

const extra = process.argv.slice(2);
let built = installed;

/**
 * The whole suite. The API tests need no build (they run the server's sources on databases
 * of their own), so they start at once, beside the build; the browser tests and the unit
 * tests (some read the built web app) start once it is done. The system tests, which start
 * whole products, follow the API and unit tests, beside the browser tests. A browser test that fails gets
 * one more try: with both cores kept busy, a few waits on the browser and the server can run
 * out. One that fails twice fails the run, and one that passed only on its second try is
 * named in the summary.
 */
async function wholeSuite() {
  const api = vitest(
    'api',
    [
      '--project',
      'api-pglite',
      ...(process.env.TEST_DATABASE_URL ? ['--project', 'api-pg'] : []),
      '--maxWorkers=1',
    ],
    { yielding: true },
  );
  // Synchronous: the API tests' own process runs on meanwhile.
  ensureBuilt();
  built = Date.now();
  // Two workers, each with its own shared server and Chromium: one alone left the cores
  // idle while it waited on pages (decision 051).
  const browser = vitest('browser', ['--project', 'e2e', '--maxWorkers=1', '--retry=1']);
  const unit = vitest('unit', ['--project', 'unit', '--maxWorkers=1']);
  // The system tests wait for the API and unit tests, whose CPU they would compete for, and
  // then run beside the rest of the browser tests, which leave a core partly idle while
  // they wait on pages (decision 051).
  const system = Promise.all([api, unit]).then(() =>
    vitest('system', ['--project', 'system', '--maxWorkers=1', '--retry=1']),
  );
  return Promise.all([api, browser, unit, system]);
}

/** Arguments given: one Vitest as given, after the build. */
async function asGiven() {
  ensureBuilt();
  built = Date.now();
  return [await vitest('all', extra)];
}

const runs = extra.length > 0 ? await asGiven() : await wholeSuite();

const seconds = (from, to) => Math.round((to - from) / 1000);
for (const run of runs) {
  if (existsSync(run.durations)) process.stdout.write(readFileSync(run.durations, 'utf8'));
}
console.log(
  `Install: ${seconds(started, installed)} s; build (beside the API tests): ${seconds(installed, built)} s; from the install to the end: ${seconds(installed, Date.now())} s`,
);

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const run of runs) {
  if (!existsSync(run.report)) {
    console.log(`The ${run.name} run wrote no report (exit ${run.code}).`);
    totals.failed += 1;
    continue;
  }
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(
    readFileSync(run.report, 'utf8'),
  );
  totals.passed += numPassedTests;
  totals.failed += numFailedTests;
  totals.skipped += numPendingTests + numTodoTests;
  // A run that failed outside any test (a crashed setup, say) still fails the whole.
  if (run.code !== 0 && numFailedTests === 0) totals.failed += 1;
}
// Skipped tests (PostgreSQL-only ones on PGlite) are said on their own line: CI reads the
// last line, which keeps the plain `N passed, N failed` form.
if (totals.skipped)
  console.log(`${totals.skipped} skipped (PostgreSQL-only tests in the PGlite run)`);
const retried = runs.flatMap((run) =>
  existsSync(run.retried) ? readFileSync(run.retried, 'utf8').split('\n').filter(Boolean) : [],
);
const line = `${totals.passed} passed, ${totals.failed} failed`;
const summary = [
  ...(retried.length > 0 ? [`${retried.length} passed only when tried again:`, ...retried] : []),
  line,
];
writeFileSync(join(resultsDir, 'summary.txt'), `${summary.join('\n')}\n`);
console.log(summary.join('\n'));
process.exit(runs.every((run) => run.code === 0) ? 0 : 1);
