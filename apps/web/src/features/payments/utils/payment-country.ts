import { PAYMENT_COUNTRY_COOKIE } from '@amora/shared/page-marks';
import type { Settings } from '@amora/shared/schemas/site';
import { readValue, storeValue } from '@/lib/storage';

/**
 * The payment country of spec section 3, kept through the storage helper: the country whose
 * prices a visitor last chose to see. It only preselects what is shown; a member's prices
 * always come from the server's price country.
 */
const KEY = PAYMENT_COUNTRY_COOKIE;

export const storedPaymentCountry = () => readValue(KEY);
export const storePaymentCountry = (country: string) => storeValue(KEY, country);

/**
 * The country a visitor's prices are for: the one they chose before, if the site still
 * sells there, else the one their address suggests.
 */
export function visitorPaymentCountry(
  settings: Pick<Settings, 'countries' | 'geoip_selected_country'>,
  chosen: string | null = storedPaymentCountry(),
): string | null {
  return chosen && (settings.countries as readonly string[]).includes(chosen)
    ? chosen
    : settings.geoip_selected_country;
}
