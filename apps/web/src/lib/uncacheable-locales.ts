import { LOCALES, type Locale } from '@amora/shared/constants';

/** Where the last settings' `uncacheable_locales` wait for the next start of the app. */
const KEY = 'amora.uncacheableLocales';

/** Called with every settings answer, so the next start knows which locales to check. */
export function rememberUncacheableLocales(locales: readonly Locale[]) {
  try {
    if (locales.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, locales.join(','));
  } catch {
    // Storage off: the server's no-cache answer still keeps new copies checked.
  }
}

function remembered(): Locale[] {
  try {
    const text = localStorage.getItem(KEY) ?? '';
    return LOCALES.filter((locale) => text.split(',').includes(locale));
  } catch {
    return [];
  }
}

/**
 * The locale loader's fetch (spec section 7): a locale the settings list as uncacheable is
 * fetched with `cache: "no-cache"`, so a copy kept from before it was listed is checked
 * with the server; others go to the loader's own fetch (undefined).
 */
export function fetchUncacheableLocale(url: string, init: RequestInit) {
  const locale = /\/_i18n\/([a-z]{2})\//.exec(url)?.[1];
  if (!locale || !remembered().includes(locale as Locale)) return undefined;
  return fetch(url, { ...init, cache: 'no-cache' });
}
