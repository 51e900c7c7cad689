import { formatMajor } from '@amora/shared/rules/money';
import type { Settings } from '@amora/shared/schemas/site';
import { currentLocale } from './i18n';

/**
 * The money price of one message in a member's country (settings.minimum_message_costs),
 * formatted for the interface locale, e.g. "€0.35"; null where the settings name none.
 */
export function messagePrice(settings: Settings | undefined, country: string | null | undefined) {
  if (!settings || !country) return null;
  const cost = settings.minimum_message_costs[country];
  return cost ? formatMajor(cost.costs, cost.currency, currentLocale()) : null;
}
