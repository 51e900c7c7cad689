import type { Country } from '../constants.js';

/**
 * Standard VAT (GST) rates, in percent, of the countries the service sells in. Prices include
 * it; a digital service to a consumer is taxed in the buyer's country (EU OSS, UK, CH, AU,
 * NZ, CA). The United States levies no federal VAT: sales tax on digital services depends
 * on the state and is not charged here (0). Canada: the federal GST (provinces add HST/PST).
 * Rates as of 2026; a change is one line here and applies to orders paid from then on.
 */
export const VAT_RATES: Readonly<Record<Country, number>> = {
  NL: 21,
  BE: 21,
  DE: 19,
  AT: 20,
  CH: 8.1,
  IT: 22,
  FR: 20,
  ES: 21,
  PL: 23,
  GB: 20,
  IE: 23,
  US: 0,
  CA: 5,
  AU: 10,
  NZ: 15,
};

export interface VatSplit {
  country: string;
  /** Percent. */
  rate: number;
  /** Minor units without VAT. */
  net: number;
  /** Minor units of VAT. */
  vat: number;
}

/** Splits a gross amount (minor units, VAT included) into net and VAT; null for a country we do not sell in. */
export function splitVat(grossMinor: number, country: string | null | undefined): VatSplit | null {
  const rate = country ? VAT_RATES[country as Country] : undefined;
  if (rate === undefined || !country) return null;
  const net = Math.round((grossMinor * 100) / (100 + rate));
  return { country, rate, net, vat: grossMinor - net };
}
