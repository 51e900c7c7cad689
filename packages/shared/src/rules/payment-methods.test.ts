import { describe, expect, it } from 'vitest';
import { methodsForCurrency } from './payment-methods.js';

describe('methodsForCurrency', () => {
  it('offers the euro methods for EUR, the Polish ones for PLN, card and PayPal anywhere', () => {
    expect(methodsForCurrency('EUR')).toEqual(['card', 'ideal', 'bancontact', 'eps', 'paypal']);
    expect(methodsForCurrency('PLN')).toEqual(['card', 'blik', 'przelewy24', 'paypal']);
    expect(methodsForCurrency('CHF')).toEqual(['card', 'paypal']);
  });

  it('reads the currency case-insensitively', () => {
    expect(methodsForCurrency('eur')).toEqual(methodsForCurrency('EUR'));
  });
});
