import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decisionsIndex, readRecords } from './decisions-index.mjs';

const dir = fileURLToPath(new URL('../docs/decisions', import.meta.url));

describe('the decision records’ index', () => {
  it('lists every record with its number, title, status and date', () => {
    const index = readFileSync(`${dir}/README.md`, 'utf8');
    // Run `node scripts/decisions-index.mjs` after adding or changing a record.
    expect(index).toBe(decisionsIndex(dir));
    for (const record of readRecords(dir)) {
      expect(index).toContain(`| ${record.number} | [`);
      expect(index).toContain(`](${record.file}) | ${record.status} | ${record.date} |`);
    }
  });

  it('numbers the records one after another', () => {
    const numbers = readRecords(dir).map((r) => Number(r.number));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});
