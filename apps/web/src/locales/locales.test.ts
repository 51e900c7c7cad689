import { fileURLToPath } from 'node:url';
import { LOCALES } from '@amora/shared/constants';
import { CLIENT_ERROR_CODES, ERROR_CODE_LIST } from '@amora/shared/errors';
import { describe, expect, it } from 'vitest';
import { listLocales, readLocaleMessages } from '../../vite/locale-messages.ts';

const dir = fileURLToPath(new URL('.', import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    flatten(inner, prefix ? `${prefix}.${key}` : key),
  );
}

function shape(locale: string) {
  const keys = flatten(readLocaleMessages(dir, locale));
  const plain = keys.filter((k) => !PLURAL.test(k)).sort();
  const plurals = new Map<string, Set<string>>();
  for (const key of keys.filter((k) => PLURAL.test(k))) {
    const base = key.replace(PLURAL, '');
    const category = PLURAL.exec(key)![1]!;
    plurals.set(base, (plurals.get(base) ?? new Set()).add(category));
  }
  return { plain, plurals, values: readLocaleMessages(dir, locale) };
}

describe('locale messages', () => {
  const en = shape('en');

  it('exist for exactly the seven locales', () => {
    expect(listLocales(dir).sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has every key of en, and no other`, () => {
      const other = shape(locale);
      expect(other.plain).toEqual(en.plain);
      expect([...other.plurals.keys()].sort()).toEqual([...en.plurals.keys()].sort());
    });

    it(`${locale} has each plural form its language needs`, () => {
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const [base, categories] of shape(locale).plurals) {
        for (const category of needed) {
          if (category === 'zero' || category === 'two') continue;
          expect(categories.has(category), `${base}_${category}`).toBe(true);
        }
      }
    });
  }

  it('has a text for every error code of the shared catalogue, and for no other code', () => {
    const errors = en.values.errors as Record<string, unknown>;
    expect(Object.keys(errors).sort()).toEqual([...ERROR_CODE_LIST, ...CLIENT_ERROR_CODES].sort());
    for (const text of Object.values(errors)) expect(typeof text).toBe('string');
  });

  it('keeps every {{placeholder}} of the English text', () => {
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
    const lookup = (messages: unknown, key: string) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
    for (const locale of LOCALES) {
      const other = shape(locale);
      for (const key of en.plain) {
        const source = lookup(en.values, key);
        const target = lookup(other.values, key);
        if (typeof source === 'string' && typeof target === 'string') {
          expect(placeholders(target), `${locale}: ${key}`).toEqual(placeholders(source));
        }
      }
    }
  });
});
