import { LOCALE_INFO } from '@amora/shared/constants';
import { currentLocale } from './i18n';

/** The interface language's full tag for Intl ("en-US", "de-DE"). */
export const localeTag = () => LOCALE_INFO[currentLocale()].tag;

/** A country or language name in the interface language, or null for a code Intl lacks. */
export function displayName(type: 'region' | 'language', code: string | null | undefined) {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([currentLocale()], { type }).of(code) ?? null;
  } catch {
    return null;
  }
}

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
