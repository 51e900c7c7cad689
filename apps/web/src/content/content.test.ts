import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@amora/shared/constants';
import { describe, expect, it } from 'vitest';

type Block = Record<string, string | string[]>;
type Texts = Record<string, { title: string; updated?: string; blocks: Block[] }>;

const dir = fileURLToPath(new URL('.', import.meta.url));
const read = (collection: string, locale: string): Texts =>
  JSON.parse(readFileSync(`${dir}/${collection}/${locale}.json`, 'utf8'));

/** Each document's shape: its block kinds in order, and list lengths. */
const shape = (texts: Texts) =>
  Object.fromEntries(
    Object.entries(texts).map(([name, doc]) => [
      name,
      {
        updated: doc.updated !== undefined,
        blocks: doc.blocks.map((block) =>
          Object.entries(block)
            .map(([kind, value]) => (Array.isArray(value) ? `${kind}${value.length}` : kind))
            .join('+'),
        ),
      },
    ]),
  );

const strings = (texts: Texts): string[] =>
  Object.values(texts).flatMap((doc) => [
    doc.title,
    ...(doc.updated ? [doc.updated] : []),
    ...doc.blocks.flatMap((block) => Object.values(block).flat()),
  ]);

describe.each(['legal', 'pages'])('the %s texts', (collection) => {
  const en = read(collection, 'en');

  it('exist in exactly the seven locales', () => {
    const files = readdirSync(`${dir}/${collection}`).map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s has every document with the same blocks as English, translated',
    (locale) => {
      const texts = read(collection, locale);
      expect(shape(texts)).toEqual(shape(en));
      const english = new Set(strings(en).filter((s) => s.split(' ').length > 3));
      const untranslated = strings(texts).filter((s) => english.has(s));
      expect(untranslated).toEqual([]);
      for (const text of strings(texts)) expect(text.trim()).not.toBe('');
    },
  );
});
