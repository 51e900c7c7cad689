import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../constants.js';
import { methodFitsCurrency, methodsForCurrency } from './payment-methods.js';
import { splitVat, VAT_RATES } from './vat.js';

describe('payment methods per currency', () => {
  it('offers the local bank methods only in their currency', () => {
    expect(methodsForCurrency('EUR')).toEqual(['card', 'ideal', 'bancontact', 'eps', 'paypal']);
    expect(methodsForCurrency('PLN')).toEqual(['card', 'blik', 'przelewy24', 'paypal']);
    expect(methodsForCurrency('gbp')).toEqual(['card', 'paypal']);
    expect(methodFitsCurrency('ideal', 'eur')).toBe(true);
    expect(methodFitsCurrency('blik', 'EUR')).toBe(false);
  });

  it('keeps to what the provider offers', () => {
    expect(methodsForCurrency('EUR', ['card', 'ideal', 'blik'])).toEqual(['card', 'ideal']);
  });
});

describe('VAT', () => {
  it('knows a rate for every country the service sells in', () => {
    for (const country of COUNTRIES) expect(VAT_RATES[country]).toBeTypeOf('number');
  });

  it('splits a gross price into net and VAT', () => {
    expect(splitVat(1210, 'NL')).toEqual({ country: 'NL', rate: 21, net: 1000, vat: 210 });
    expect(splitVat(1750, 'DE')).toEqual({ country: 'DE', rate: 19, net: 1471, vat: 279 });
    expect(splitVat(500, 'US')).toEqual({ country: 'US', rate: 0, net: 500, vat: 0 });
    expect(splitVat(500, 'XX')).toBeNull();
    expect(splitVat(500, null)).toBeNull();
  });
});
