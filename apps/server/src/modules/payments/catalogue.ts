import { minorDigits } from '@amora/shared/rules/money';
import type { Product } from '@amora/shared/schemas/orders';
import type { AppConfig } from '../../config/config.js';
import { countryMessageCredits } from '../credits/message-cost.js';
import type { StoredSettings } from '../site/site-defaults.js';

interface CatalogueItem {
  id: Product['id'];
  kind: Product['kind'];
  credits: number;
  premiumDays: number;
  /** Premium is priced as this many messages at the country's message price. */
  messages: number;
}

const CATALOGUE: readonly CatalogueItem[] = [
  { id: 'credits-20', kind: 'credits', credits: 20, premiumDays: 0, messages: 0 },
  { id: 'credits-50', kind: 'credits', credits: 50, premiumDays: 0, messages: 0 },
  { id: 'credits-100', kind: 'credits', credits: 100, premiumDays: 0, messages: 0 },
  { id: 'premium-30', kind: 'premium', credits: 0, premiumDays: 30, messages: 60 },
  { id: 'premium-90', kind: 'premium', credits: 0, premiumDays: 90, messages: 150 },
];

/**
 * What each product costs in a country (docs/decisions/021). Every credit costs the same:
 * the country's message price (`settings.minimum_message_costs`) divided by the credits a
 * message costs there, so the price the chat shows per message holds for every package.
 * Null where the settings name no price: nothing is sold there.
 */
export function productsFor(
  settings: Pick<StoredSettings, 'minimum_message_costs'>,
  messageCredits: AppConfig['messageCredits'],
  country: string | null,
): Product[] | null {
  const price = country ? settings.minimum_message_costs[country] : undefined;
  if (!price || !country) return null;
  const creditsPerMessage = Math.max(1, countryMessageCredits(messageCredits, country));
  const messageMinor = price.costs * 10 ** minorDigits(price.currency);
  return CATALOGUE.map((item) => ({
    id: item.id,
    kind: item.kind,
    credits: item.credits,
    premium_days: item.premiumDays,
    ...sameAmounts(
      Math.round(
        item.kind === 'credits'
          ? (messageMinor / creditsPerMessage) * item.credits
          : messageMinor * item.messages,
      ),
    ),
    currency: price.currency,
  }));
}

/** A price without a discount: what is charged is the full price. */
const sameAmounts = (amount: number) => ({ amount, original_amount: amount });
