import { PAYMENT_METHODS, type PaymentMethod } from '../schemas/orders.js';

/**
 * Methods that take only one currency (issue 15): iDEAL, Bancontact and EPS are euro
 * methods, BLIK and Przelewy24 Polish ones. The others (card, PayPal) take any.
 */
const ONLY_IN: Partial<Record<PaymentMethod, string>> = {
  ideal: 'EUR',
  bancontact: 'EUR',
  eps: 'EUR',
  blik: 'PLN',
  przelewy24: 'PLN',
};

/** The methods an order in this currency may be paid with, in the catalogue's order. */
export function methodsForCurrency(currency: string): PaymentMethod[] {
  const code = currency.toUpperCase();
  return PAYMENT_METHODS.filter((method) => {
    const only = ONLY_IN[method];
    return only === undefined || only === code;
  });
}
