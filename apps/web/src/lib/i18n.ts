import { FALLBACK_LOCALE, LOCALE_INFO, LOCALES, type Locale } from '@amora/shared/constants';
import { chooseLocale, isLocale } from '@amora/shared/rules/locale';
import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeBackend } from './locale-backend';
import { readLocaleCookie, writeLocaleCookie } from './locale-cookie';

/** How both the app and the server's rendering of a page (decision 046) read the tables. */
export const I18N_OPTIONS = {
  // Every table holds every key (a unit test checks): a second, English one would be
  // 15 KB more on every first page for nothing (issue 24). See inLanguageOrFallback.
  fallbackLng: false,
  supportedLngs: [...LOCALES],
  load: 'languageOnly',
  ns: ['messages'],
  defaultNS: 'messages',
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;

/**
 * Loads `/_i18n/{locale}/messages.json` for the locale chosen by the shared rule, or for
 * the one the server rendered the page in.
 */
export async function initI18n(renderedIn?: Locale): Promise<typeof i18next> {
  const locale =
    renderedIn ?? chooseLocale(readLocaleCookie(), navigator.languages ?? [navigator.language]);
  // i18next reports a table that failed to load only through this event (spec section 8):
  // the app goes on in the fallback language.
  i18next.on('failedLoading', (language, namespace, message) =>
    console.warn(`Locale messages ${language}/${namespace} failed to load: ${message}`),
  );
  await i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      ...I18N_OPTIONS,
      lng: locale,
      // i18next would retry a failed table for about 11 s with the page blank; two quick
      // retries, then the fallback language.
      maxRetries: 2,
      retryTimeout: 250,
    })
    .catch((error) => console.warn('Locale messages failed to load', error));
  await inLanguageOrFallback(locale);
  return i18next;
}

/** A table that could not be had leaves the app in the fallback language (spec section 8). */
async function inLanguageOrFallback(locale: Locale) {
  if (locale !== FALLBACK_LOCALE && !i18next.hasResourceBundle(locale, 'messages')) {
    await i18next
      .changeLanguage(FALLBACK_LOCALE)
      .catch((error) => console.warn('Locale messages failed to load', error));
  }
  document.documentElement.lang = LOCALE_INFO[currentLocale()].tag;
}

export function currentLocale(): Locale {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(language) ? language : FALLBACK_LOCALE;
}

/** The language switcher: remembers the choice in the cookie, no URL prefix. */
export async function changeLocale(locale: Locale) {
  writeLocaleCookie(locale);
  await i18next.changeLanguage(locale).catch(() => undefined);
  await inLanguageOrFallback(locale);
}

export const gifLocale = () => LOCALE_INFO[currentLocale()].gifLocale;
