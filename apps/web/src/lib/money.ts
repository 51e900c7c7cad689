import { LOCALE_INFO } from '@amora/shared/constants';
import { minorDigits } from '@amora/shared/rules/money';
import { currentLocale } from './i18n';

/** Minor units as a plain number for a form field, in the locale's decimals ("8,75"). */
export function minorAsInput(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toLocaleString(LOCALE_INFO[currentLocale()].tag, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
}

/** "12,50" or "12.50" typed in a form, in the currency's minor units; null when not an amount. */
export function parseMinor(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d{1,7})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match || (match[2] ?? '').length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0');
}
