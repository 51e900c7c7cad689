import { describe, expect, it } from 'vitest';
import { chooseLocale, localeFromTag } from './locale.js';

describe('chooseLocale', () => {
  it('takes the cookie first', () => {
    expect(chooseLocale('pl', ['de-DE', 'en'])).toBe('pl');
  });
  it('ignores a cookie that is not one of our locales', () => {
    expect(chooseLocale('xx', ['fr-FR'])).toBe('fr');
  });
  it('then the first browser language we have, regional variants included', () => {
    expect(chooseLocale(undefined, ['ja', 'de-AT', 'en'])).toBe('de');
    expect(chooseLocale(null, ['nl-BE'])).toBe('nl');
    expect(chooseLocale('', ['es_MX'])).toBe('es');
  });
  it('then the fallback', () => {
    expect(chooseLocale(undefined, ['ja', 'zh-CN'])).toBe('en');
    expect(chooseLocale(undefined, [])).toBe('en');
  });
  it('maps tags case-insensitively', () => {
    expect(localeFromTag('IT-it')).toBe('it');
    expect(localeFromTag('pt-BR')).toBeNull();
  });
});
