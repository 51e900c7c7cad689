import { describe, expect, it } from 'vitest';
import { COUNTRIES, MIN_AGE } from '../constants.js';
import {
  NEARBY_COUNTRIES,
  SIMILAR_AGE_SPAN,
  similarAgeRange,
  similarCountries,
} from './similar-profiles.js';

describe('similarCountries', () => {
  it('has the nearby pairs of spec section 9', () => {
    expect(NEARBY_COUNTRIES).toEqual([
      ['AU', 'NZ'],
      ['NL', 'BE'],
      ['US', 'CA'],
      ['GB', 'IE'],
      ['DE', 'AT'],
    ]);
  });

  it('pairs each country with its neighbour, both ways, the own country first', () => {
    expect(similarCountries('NL')).toEqual(['NL', 'BE']);
    expect(similarCountries('BE')).toEqual(['BE', 'NL']);
    expect(similarCountries('AU')).toEqual(['AU', 'NZ']);
    expect(similarCountries('NZ')).toEqual(['NZ', 'AU']);
    expect(similarCountries('US')).toEqual(['US', 'CA']);
    expect(similarCountries('CA')).toEqual(['CA', 'US']);
    expect(similarCountries('GB')).toEqual(['GB', 'IE']);
    expect(similarCountries('IE')).toEqual(['IE', 'GB']);
    expect(similarCountries('DE')).toEqual(['DE', 'AT']);
    expect(similarCountries('AT')).toEqual(['AT', 'DE']);
  });

  it('keeps a country without a pair on its own (no third country ever)', () => {
    for (const country of ['CH', 'IT', 'FR', 'ES', 'PL']) {
      expect(similarCountries(country)).toEqual([country]);
    }
    for (const country of COUNTRIES) expect(similarCountries(country).length).toBeLessThan(3);
  });

  it('pairs only countries the service operates in, each at most once', () => {
    const paired = NEARBY_COUNTRIES.flat();
    expect(new Set(paired).size).toBe(paired.length);
    for (const country of paired) expect(COUNTRIES).toContain(country);
  });
});

describe('similarAgeRange', () => {
  it('widens the age by 5 years on each side', () => {
    expect(SIMILAR_AGE_SPAN).toBe(5);
    expect(similarAgeRange(40)).toEqual({ min: 35, max: 45 });
    expect(similarAgeRange(80)).toEqual({ min: 75, max: 85 });
  });

  it('never goes under the minimum age', () => {
    expect(similarAgeRange(18)).toEqual({ min: MIN_AGE, max: 23 });
    expect(similarAgeRange(22)).toEqual({ min: MIN_AGE, max: 27 });
    expect(similarAgeRange(23)).toEqual({ min: 18, max: 28 });
  });
});
