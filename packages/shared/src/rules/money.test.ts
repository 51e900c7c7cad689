import { describe, expect, it } from 'vitest';
import { formatMajor, formatMinor, minorDigits } from './money.js';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMinor', () => {
  it('writes minor units in the locale’s way', () => {
    expect(formatMinor(1750, 'EUR', 'en')).toBe('€17.50');
    expect(plain(formatMinor(1750, 'EUR', 'de'))).toBe('17,50 €');
    expect(plain(formatMinor(1234567, 'PLN', 'pl'))).toBe('12 345,67 zł');
  });

  it('takes the currency’s own minor unit from Intl, not a fixed hundred', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(formatMinor(500, 'JPY', 'en')).toBe('¥500');
    expect(minorDigits('KWD')).toBe(3);
  });

  it('still says something for a code Intl does not know', () => {
    expect(formatMinor(1750, 'XXXX', 'en')).toBe('17.5 XXXX');
  });

  it('writes a price in major units the same way', () => {
    expect(formatMajor(0.35, 'EUR', 'en')).toBe('€0.35');
    expect(formatMajor(0.35, 'EUR', 'en')).toBe(formatMinor(35, 'EUR', 'en'));
  });
});
