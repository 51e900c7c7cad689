// A Vitest reporter that says how long each test project took (unit, API on PGlite, API on
// PostgreSQL, browser), so a slower suite shows where the time went. Projects run side by
// side: each line is the span from its first file's start to its last file's end.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export default class ProjectDurationsReporter {
  spans = new Map();

  onTestModuleStart(testModule) {
    const name = testModule.project.name || 'default';
    const span = this.spans.get(name) ?? { start: Date.now(), end: 0, files: 0 };
    this.spans.set(name, span);
  }

  onTestModuleEnd(testModule) {
    const span = this.spans.get(testModule.project.name || 'default');
    if (!span) return;
    span.end = Date.now();
    span.files += 1;
  }

  onTestRunEnd() {
    const lines = [...this.spans]
      .sort(([, a], [, b]) => a.start - b.start)
      .map(
        ([name, { start, end, files }]) =>
          `${name}: ${Math.round((Math.max(end, start) - start) / 1000)} s (${files} files)`,
      );
    const text = `Test projects:\n${lines.map((line) => `  ${line}`).join('\n')}\n`;
    const file = process.env.DURATIONS_FILE ?? join(process.cwd(), 'test-results', 'durations.txt');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}
