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
