// A Vitest reporter that names every test which passed only when tried again, with the
// error of its first failure, in `RETRIED_FILE` (test-results/retried-<run>.txt): a retry
// must not hide a flaky test (scripts/test.mjs prints them above the closing line).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export default class RetriedTestsReporter {
  retried = [];

  onTestCaseResult(testCase) {
    const diagnostic = testCase.diagnostic();
    if (testCase.result().state !== 'passed' || !diagnostic?.flaky) return;
    const first = testCase.result().errors?.[0];
    const where = relative(process.cwd(), testCase.module.moduleId);
    const error = (first?.message ?? 'no error recorded').split('\n')[0];
    this.retried.push(
      `${where} > ${testCase.fullName}: passed on try ${diagnostic.retryCount + 1}; first failure: ${error}`,
    );
  }

  onTestRunEnd() {
    const file = process.env.RETRIED_FILE ?? join(process.cwd(), 'test-results', 'retried.txt');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, this.retried.map((line) => `${line}\n`).join(''));
  }
}
