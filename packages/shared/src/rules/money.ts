import { LOCALE_INFO, type Locale } from '../constants.js';

const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, locale: Locale): Intl.NumberFormat | null {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(LOCALE_INFO[locale].tag, { style: 'currency', currency });
    } catch {
      return null; // not an ISO 4217 code
    }
    formats.set(key, format);
  }
  return format;
}

/** Decimal places of the currency's minor unit as Intl knows them: 2 for EUR, 0 for JPY. */
export function minorDigits(currency: string): number {
  return currencyFormat(currency, 'en')?.resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An amount in minor units (cents, grosze), as every payment call and mail holds money,
 * written for the locale: `formatMinor(1750, 'EUR', 'de')` is "17,50 €". The app, the
 * receipt and refund mails and the demo checkout all show money through it.
 */
export function formatMinor(minor: number, currency: string, locale: Locale): string {
  const major = minor / 10 ** minorDigits(currency);
  return currencyFormat(currency, locale)?.format(major) ?? `${major} ${currency}`;
}

/** An amount in major units (a message's price in settings), written as `formatMinor` does. */
export function formatMajor(amount: number, currency: string, locale: Locale): string {
  return formatMinor(Math.round(amount * 10 ** minorDigits(currency)), currency, locale);
}
