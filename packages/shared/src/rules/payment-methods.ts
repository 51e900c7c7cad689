import { PAYMENT_METHODS, type PaymentMethod } from '../schemas/orders.js';

/**
 * The currencies a payment method takes (issue 15): the bank methods are local to one
 * currency; cards and PayPal take any. A provider may offer fewer (`methodsFor`); what a
 * member sees is both rules together.
 */
export const METHOD_CURRENCIES: Readonly<Record<PaymentMethod, readonly string[] | 'any'>> = {
  card: 'any',
  paypal: 'any',
  ideal: ['EUR'],
  bancontact: ['EUR'],
  eps: ['EUR'],
  blik: ['PLN'],
  przelewy24: ['PLN'],
};

/** Whether `method` can pay an amount in `currency` (ISO 4217, any case). */
export function methodFitsCurrency(method: PaymentMethod, currency: string): boolean {
  const fits = METHOD_CURRENCIES[method];
  return fits === 'any' || fits.includes(currency.toUpperCase());
}

/** The methods that fit `currency`, in the catalogue's order, limited to `offered`. */
export function methodsForCurrency(
  currency: string,
  offered: readonly PaymentMethod[] = PAYMENT_METHODS,
): PaymentMethod[] {
  return PAYMENT_METHODS.filter(
    (method) => offered.includes(method) && methodFitsCurrency(method, currency),
  );
}
