/** Interface locales, in the order the language switcher lists them. */
export const LOCALES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

/** Full language tag and GIF-picker locale of each interface locale (spec section 1). */
export const LOCALE_INFO: Record<Locale, { tag: string; gifLocale: string }> = {
  en: { tag: 'en-US', gifLocale: 'en_US' },
  nl: { tag: 'nl-NL', gifLocale: 'nl_NL' },
  de: { tag: 'de-DE', gifLocale: 'de_DE' },
  it: { tag: 'it-IT', gifLocale: 'it_IT' },
  fr: { tag: 'fr-FR', gifLocale: 'fr_FR' },
  es: { tag: 'es-ES', gifLocale: 'es_ES' },
  pl: { tag: 'pl-PL', gifLocale: 'pl_PL' },
};

/** Countries the service operates in (DESIGN "Contract details"). */
export const COUNTRIES = [
  'NL',
  'BE',
  'DE',
  'AT',
  'CH',
  'IT',
  'FR',
  'ES',
  'PL',
  'GB',
  'IE',
  'US',
  'CA',
  'AU',
  'NZ',
] as const;
export type Country = (typeof COUNTRIES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const MIN_AGE = 18;
export const MAX_AGE = 100;
export const NAME_MAX_LENGTH = 150;
export const PASSWORD_MIN_LENGTH = 8;
export const SEARCH_PAGE_SIZE = 12;

/** Header the app sends on every call; state-changing calls without it are refused. */
export const APP_PACKAGE_HEADER = 'x-app-package';
export const ORIGINAL_HOST_HEADER = 'x-original-host';
export const APP_PACKAGE = 'com.amora.app';

export const TEMPLATE_NAME = 'classic';

/** The site's name until the operator sets `settings.name` (and while settings load). */
export const DEFAULT_SITE_NAME = 'Amora';
