// `npm test`: every test (unit, API on PGlite and — with TEST_DATABASE_URL — PostgreSQL,
// browser end-to-end), then the plain closing line `N passed, N failed`.
//
// The browser tests keep Chromium, a server and the test runner busy on about two cores by
// themselves, one file at a time; the unit and API tests run beside them in a second Vitest
// process with one worker, so neither waits for the other (docs/decisions/023). Arguments
// (`npm test -- e2e/chat.test.ts`, `npm test -- --project unit`) run one Vitest as given.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

const started = Date.now();
ensureInstalled();
ensureBuilt();
const prepared = Date.now();

const resultsDir = join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });

/** One Vitest run with its JSON report and project durations in test-results/. */
function vitest(name, args) {
  const report = join(resultsDir, `vitest-${name}.json`);
  const durations = join(resultsDir, `durations-${name}.txt`);
  rmSync(report, { force: true });
  rmSync(durations, { force: true });
  const child = spawn(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/project-durations-reporter.mjs',
      `--outputFile.json=${report}`,
      ...args,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, DURATIONS_FILE: durations } },
  );
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve({ name, code: code ?? 1, report, durations }));
  });
}

const extra = process.argv.slice(2);
const runs = await Promise.all(
  extra.length > 0
    ? [vitest('all', extra)]
    : [
        // A browser test that fails gets one more try: with the two cores kept busy, a few
        // waits on the browser and the server can run out. One that fails twice fails the run.
        vitest('browser', ['--project', 'e2e', '--maxWorkers=1', '--retry=1']),
        vitest('server', [
          '--project',
          'unit',
          '--project',
          'api-pglite',
          ...(process.env.TEST_DATABASE_URL ? ['--project', 'api-pg'] : []),
          '--maxWorkers=1',
        ]),
      ],
);

const seconds = (from, to) => Math.round((to - from) / 1000);
for (const run of runs) {
  if (existsSync(run.durations)) process.stdout.write(readFileSync(run.durations, 'utf8'));
}
console.log(
  `Install and build: ${seconds(started, prepared)} s; all tests: ${seconds(prepared, Date.now())} s`,
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
const line = `${totals.passed} passed, ${totals.failed} failed`;
writeFileSync(join(resultsDir, 'summary.txt'), `${line}\n`);
console.log(line);
process.exit(runs.every((run) => run.code === 0) ? 0 : 1);
