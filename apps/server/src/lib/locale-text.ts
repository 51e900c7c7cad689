import { FALLBACK_LOCALE, type Locale } from '@amora/shared/constants';
import { isLocale } from '@amora/shared/rules/locale';

/**
 * The language a text for a member is written in (mail, push, server-made notices): the
 * member's own when the product has texts in it, else the fallback locale.
 */
export function textLocale(language: string | null | undefined): Locale {
  const short = language?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(short) ? short : FALLBACK_LOCALE;
}

/** Fills `{key}` placeholders; an unknown key is left as written, so a missing value shows. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
