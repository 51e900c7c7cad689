import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';

/**
 * The app's start-up chunk asks V8 to compile it while it streams in (decision 055,
 * vite/compile-hints.ts): what a phone receives carries the hint on its first line, and a
 * stack trace from that chunk still points at the right line of the right source.
 */
const dist = fileURLToPath(new URL('../../dist', import.meta.url));
const HINT = '//# allFunctionsCalledOnLoad\n';

function startUpChunk(): string {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No web build at ${dist}: run \`npm run build\` (npm test builds first).`);
  }
  const manifest: Record<string, { file: string; name?: string }> = JSON.parse(
    readFileSync(manifestPath, 'utf8'),
  );
  const chunk = Object.values(manifest).find((entry) => entry.name === 'startup');
  if (!chunk) throw new Error('The build has no start-up chunk (vite.config.ts)');
  return join(dist, chunk.file);
}

describe('the start-up chunk as sent', () => {
  const path = startUpChunk();
  const code = readFileSync(path, 'utf8');

  it('begins with the compile hint, in the precompressed file the server sends too', () => {
    expect(code.startsWith(HINT)).toBe(true);
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString('utf8')).toBe(code);
  });

  it('still maps each position to its source, the line the hint added included', () => {
    const map = new TraceMap(readFileSync(`${path}.map`, 'utf8'));
    const lineOf = (lines: string[], text: string) =>
      lines.findIndex((line) => line.includes(text));
    // Literals of our own: where each is in the chunk must lead to where it is written.
    for (const [text, source, asWritten] of [
      ['amora.devPanel', 'lib/dev-panel-flag.ts', "= 'amora.devPanel'"],
      ['/_i18n/', 'lib/locale-backend.ts', '`/_i18n/${'],
    ] as const) {
      const chunkLines = code.split('\n');
      const line = lineOf(chunkLines, text);
      const found = originalPositionFor(map, {
        line: line + 1,
        column: chunkLines[line]!.indexOf(text),
      });
      const written = readFileSync(fileURLToPath(new URL(`../${source}`, import.meta.url)), 'utf8');
      expect(found.source).toMatch(new RegExp(`src/${source.replace('.', '\\.')}$`));
      expect(found.line).toBe(lineOf(written.split('\n'), asWritten) + 1);
    }
  });
});
