import { localeTag } from '@/lib/locale-format';

/** The local calendar day of a moment, as a sortable key ("2026-11-22"). */
export function dayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Whole calendar days from `date` to `now` (0 today, 1 yesterday), in local time. */
export function daysAgo(date: Date, now = new Date()): number {
  const start = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((start(now) - start(date)) / 86_400_000);
}

/** The clock time under a bubble ("14:05", "2:05 PM"). */
export const formatTime = (date: Date) =>
  new Intl.DateTimeFormat(localeTag(), { timeStyle: 'short' }).format(date);

/** A day separator after today and yesterday: "Monday, 16 November" (with the year if older). */
export function formatDay(date: Date, now = new Date()): string {
  return new Intl.DateTimeFormat(localeTag(), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
  }).format(date);
}

/** The full date and time, for a tooltip. */
export const formatFull = (date: Date) =>
  new Intl.DateTimeFormat(localeTag(), { dateStyle: 'full', timeStyle: 'short' }).format(date);

/**
 * When a chat last moved, short as messaging apps put it: minutes ago within the hour,
 * the time today, "yesterday", the weekday within a week, else the date.
 */
export function formatListTime(date: Date, now = new Date(), justNow: string): string {
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  const days = daysAgo(date, now);
  if (minutes < 1) return justNow;
  if (minutes < 60) {
    return new Intl.RelativeTimeFormat(localeTag(), { numeric: 'auto', style: 'narrow' }).format(
      -minutes,
      'minute',
    );
  }
  if (days === 0) return formatTime(date);
  if (days === 1) {
    return new Intl.RelativeTimeFormat(localeTag(), { numeric: 'auto' }).format(-1, 'day');
  }
  if (days < 7) return new Intl.DateTimeFormat(localeTag(), { weekday: 'short' }).format(date);
  return new Intl.DateTimeFormat(localeTag(), {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
  }).format(date);
}
