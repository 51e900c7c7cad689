#!/usr/bin/env node
// The index of the decision records, docs/decisions/README.md: every record with its
// number, title, status and date, read from the record itself.
// Usage: node scripts/decisions-index.mjs   (writes the index)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RECORD = /^(\d{3})-.+\.md$/;

/** The records under `dir` as `{ file, number, title, status, date }`, in number order. */
export function readRecords(dir) {
  return readdirSync(dir)
    .filter((file) => RECORD.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const heading = /^# (\d{3}):? (.+)$/m.exec(text);
      const status = /^Status: (.+?) · (\d{4}-\d{2}-\d{2})$/m.exec(text);
      if (!heading || !status) throw new Error(`${file}: no "# NNN title" or "Status: … · date"`);
      return { file, number: heading[1], title: heading[2], status: status[1], date: status[2] };
    });
}

/** The index's text. */
export function decisionsIndex(dir) {
  const rows = readRecords(dir).map(
    (r) =>
      `| ${r.number} | [${r.title.replace(/\|/g, '\\|')}](${r.file}) | ${r.status} | ${r.date} |`,
  );
  return [
    '# Decision records',
    '',
    'Each record says what was decided, why, and what follows from it (context, decision,',
    'consequences). A record a later one replaced in part says so in its status and at its',
    'top. This index is written by `node scripts/decisions-index.mjs`; a unit test keeps it',
    'in step with the records.',
    '',
    '| no. | title | status | date |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fileURLToPath(new URL('../docs/decisions', import.meta.url));
  writeFileSync(path.join(dir, 'README.md'), decisionsIndex(dir));
  console.log('docs/decisions/README.md written.');
}
