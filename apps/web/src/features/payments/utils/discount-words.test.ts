import { fileURLToPath } from 'node:url';
import { LOCALES } from '@amora/shared/constants';
import { type DISCOUNT_COVERS, DISCOUNT_KINDS } from '@amora/shared/schemas/discounts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { readLocaleMessages } from '../../../../vite/locale-messages.ts';
import { discountWords } from './discount-words';

const localesDir = fileURLToPath(new URL('../../../locales', import.meta.url));

/** The banner's words as a member reading `locale` sees them. */
async function wordsIn(locale: string) {
  const i18n = i18next.createInstance();
  // As the app reads its tables (lib/i18n.ts): one namespace, no fallback language.
  await i18n.init({
    fallbackLng: false,
    ns: ['messages'],
    defaultNS: 'messages',
    interpolation: { escapeValue: false },
    lng: locale,
    resources: { [locale]: { messages: readLocaleMessages(localesDir, locale) } },
  });
  return (kind: (typeof DISCOUNT_KINDS)[number], covers: (typeof DISCOUNT_COVERS)[number]) => {
    const words = discountWords({ kind, covers });
    return { title: i18n.t(words.title, { percent: 15 }), covers: i18n.t(words.covers) };
  };
}

const PREMIUM = /premium/i;
const CREDITS = /credit|crédit|kredyt/i;

describe('the discount banner’s words', () => {
  it('say in English what a console code lowers: premium only, credits only, or both', async () => {
    const say = await wordsIn('en');
    expect(say('campaign', 'both')).toEqual({
      title: 'Special offer: 15% off',
      covers: 'already taken off the credit and premium prices.',
    });
    expect(say('campaign', 'premium').covers).toBe('already taken off the premium prices.');
    expect(say('campaign', 'credits').covers).toBe('already taken off the credit prices.');
    expect(say('personal', 'premium').title).toBe('Your personal offer: 15% off');
  });

  for (const locale of LOCALES) {
    it(`name in ${locale} the products each combination lowers, and no other`, async () => {
      const say = await wordsIn(locale);
      const both = say('campaign', 'both').covers;
      const premium = say('campaign', 'premium').covers;
      const credits = say('campaign', 'credits').covers;
      expect(new Set([both, premium, credits]).size).toBe(3);
      expect(both).toMatch(PREMIUM);
      expect(both).toMatch(CREDITS);
      expect(premium).toMatch(PREMIUM);
      expect(premium).not.toMatch(CREDITS);
      expect(credits).toMatch(CREDITS);
      expect(credits).not.toMatch(PREMIUM);
      // The titles name the kind of code and its percent, never products it may not lower.
      for (const kind of DISCOUNT_KINDS) {
        const { title } = say(kind, 'credits');
        expect(title).not.toMatch(/^discounts\./);
        expect(title).toContain('15');
        expect(title).not.toMatch(PREMIUM);
      }
    });
  }
});
