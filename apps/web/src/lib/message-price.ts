import { LOCALE_INFO } from '@amora/shared/constants';
import type { Settings } from '@amora/shared/schemas/site';
import { currentLocale } from './i18n';

/**
 * The money price of one message in a member's country (settings.minimum_message_costs),
 * formatted for the interface locale, e.g. "€0.35"; null where the settings name none.
 */
export function messagePrice(settings: Settings | undefined, country: string | null | undefined) {
  if (!settings || !country) return null;
  const cost = settings.minimum_message_costs[country];
  if (!cost) return null;
  try {
    return new Intl.NumberFormat(LOCALE_INFO[currentLocale()].tag, {
      style: 'currency',
      currency: cost.currency,
    }).format(cost.costs);
  } catch {
    return null;
  }
}
