import { LOCALE_INFO } from '@amora/shared/constants';
import { currentLocale } from './i18n';

/** An amount in a currency, formatted for the interface locale, e.g. "€17.50". */
export function formatMoney(amount: number, currency: string): string | null {
  try {
    return new Intl.NumberFormat(LOCALE_INFO[currentLocale()].tag, {
      style: 'currency',
      currency,
    }).format(amount);
  } catch {
    return null;
  }
}

/** An amount in minor units (cents), as the payment calls give it. */
export const formatMinor = (minor: number, currency: string) => formatMoney(minor / 100, currency);

/** Minor units as a plain number for a form field, in the locale's decimals ("8,75"). */
export const minorAsInput = (minor: number) =>
  (minor / 100).toLocaleString(LOCALE_INFO[currentLocale()].tag, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
