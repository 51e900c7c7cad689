import { LOCALE_INFO } from '@amora/shared/constants';
import { INTL_NAMES_ATTRIBUTE } from '@amora/shared/page-marks';
import { currentLocale } from './i18n';

/** The interface language's full tag for Intl ("en-US", "de-DE"). */
export const localeTag = () => LOCALE_INFO[currentLocale()].tag;

type NameType = 'region' | 'language';
const namers = new Map<string, Intl.DisplayNames>();

/** The interface language's names of one type, built once per language. */
function namer(type: NameType): Intl.DisplayNames {
  const key = `${currentLocale()}:${type}`;
  let names = namers.get(key);
  if (!names) {
    names = new Intl.DisplayNames([currentLocale()], { type });
    namers.set(key, names);
  }
  return names;
}

/** A country or language name in the interface language, or null for a code Intl lacks. */
export function displayName(type: NameType, code: string | null | undefined) {
  if (!code) return null;
  try {
    return namer(type).of(code) ?? null;
  } catch {
    return null;
  }
}

/** Builds the names before they are first shown: the first loads the browser's locale data. */
export function prepareDisplayNames() {
  namer('region');
  namer('language');
}

/** The mark of an element showing such a name (decision 055), spread onto it. */
export const showsDisplayNames = { [INTL_NAMES_ATTRIBUTE]: '' };

/** A day written out in the interface language ("22 December 2026", "22. Dezember 2026"). */
export const longDate = (date: Date | string) =>
  new Intl.DateTimeFormat(localeTag(), { dateStyle: 'long' }).format(new Date(date));

/** A moment written out in the interface language ("22 December 2026 at 14:05"). */
export const longDateTime = (date: Date | string) =>
  new Intl.DateTimeFormat(localeTag(), { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(date),
  );

/** A coming moment, short: the time today ("14:05"), else the day and time. */
export function momentText(date: Date, now: Date = new Date()): string {
  const sameDay = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(
    localeTag(),
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(date);
}
