import { readValue, storeValue } from '@/lib/storage';

/**
 * The payment country of spec section 3, kept through the storage helper: the country whose
 * prices a visitor last chose to see. It only preselects what is shown; a member's prices
 * always come from the server's price country.
 */
const KEY = 'amora.paymentCountry';

export const storedPaymentCountry = () => readValue(KEY);
export const storePaymentCountry = (country: string) => storeValue(KEY, country);
