import { FALLBACK_LOCALE, LOCALE_INFO, LOCALES, type Locale } from '@amora/shared/constants';
import { chooseLocale, isLocale } from '@amora/shared/rules/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeBackend } from './locale-backend';
import { readLocaleCookie, writeLocaleCookie } from './locale-cookie';

/** Loads `/_i18n/{locale}/messages.json` for the locale chosen by the shared rule. */
export async function initI18n(): Promise<typeof i18next> {
  const locale = chooseLocale(readLocaleCookie(), navigator.languages ?? [navigator.language]);
  // i18next reports a table that failed to load only through this event (spec section 8):
  // the app goes on in the fallback language.
  i18next.on('failedLoading', (language, namespace, message) =>
    console.warn(`Locale messages ${language}/${namespace} failed to load: ${message}`),
  );
  await i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      load: 'languageOnly',
      ns: ['messages'],
      defaultNS: 'messages',
      interpolation: { escapeValue: false },
      returnNull: false,
      // i18next would retry a failed table for about 11 s with the page blank; two quick
      // retries, then the fallback language.
      maxRetries: 2,
      retryTimeout: 250,
    })
    .catch((error) => console.warn('Locale messages failed to load', error));
  document.documentElement.lang = LOCALE_INFO[currentLocale()].tag;
  return i18next;
}

export function currentLocale(): Locale {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(language) ? language : FALLBACK_LOCALE;
}

/** The language switcher: remembers the choice in the cookie, no URL prefix. */
export async function changeLocale(locale: Locale) {
  writeLocaleCookie(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = LOCALE_INFO[locale].tag;
}

export const gifLocale = () => LOCALE_INFO[currentLocale()].gifLocale;
