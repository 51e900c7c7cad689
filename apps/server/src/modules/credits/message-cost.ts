import type { AppConfig } from '../../config/config.js';

type Prices = AppConfig['messageCredits'];

/**
 * Credits one message costs in a country (DESIGN "Credits"): the price set for it
 * (MESSAGE_CREDITS_BY_COUNTRY), else the default. The chat charges it and the catalogue
 * prices credits by it.
 */
export function countryMessageCredits(prices: Prices, country: string | null): number {
  return (country ? prices.byCountry[country] : undefined) ?? prices.default;
}

/** Credits one message costs the sender: nothing for a paid member, else their country's. */
export function messageCredits(
  prices: Prices,
  sender: { country: string | null; paid: boolean },
): number {
  return sender.paid ? 0 : countryMessageCredits(prices, sender.country);
}
