import type { AppConfig } from '../../config/config.js';

/**
 * Credits one message costs the sender (DESIGN "Credits"): nothing for a paid member, else
 * the price set for their country, else the default.
 */
export function messageCredits(
  prices: AppConfig['messageCredits'],
  sender: { country: string | null; paid: boolean },
): number {
  if (sender.paid) return 0;
  return (sender.country ? prices.byCountry[sender.country] : undefined) ?? prices.default;
}
