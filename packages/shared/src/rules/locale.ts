import { FALLBACK_LOCALE, LOCALES, type Locale } from '../constants.js';

/** The cookie that remembers the chosen interface language (spec section 3). */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_DAYS = 365;
/** Locale message files are cached this long by browsers (spec section 9). */
export const LOCALE_MESSAGES_MAX_AGE_SECONDS = 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Maps a language tag such as `de-AT` or `nl` to one of our locales, or null. */
export function localeFromTag(tag: string): Locale | null {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : null;
}

/**
 * The locale for a first load (spec section 4): the cookie, then the browser's language
 * list in order, then the fallback.
 */
export function chooseLocale(
  cookieValue: string | undefined | null,
  browserLanguages: readonly string[],
): Locale {
  if (cookieValue && isLocale(cookieValue)) return cookieValue;
  for (const tag of browserLanguages) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return FALLBACK_LOCALE;
}
