import { LOCALE_INFO } from '@amora/shared/constants';
import { currentLocale } from './i18n';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "gestern", in the interface language. */
export function relativeTime(date: Date, now = new Date()): string {
  const format = new Intl.RelativeTimeFormat(LOCALE_INFO[currentLocale()].tag, { numeric: 'auto' });
  let value = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}
