import { describe, expect, it } from 'vitest';
import { startingCountry } from './starting-country.js';

describe('the country a location starts with', () => {
  it('is the guessed country where the site operates there', () => {
    expect(startingCountry(['NL', 'BE', 'DE'], 'BE')).toBe('BE');
  });

  it('is the first operated country for a guess elsewhere or no guess', () => {
    expect(startingCountry(['DE', 'AT'], 'US')).toBe('DE');
    expect(startingCountry(['DE', 'AT'], null)).toBe('DE');
    expect(startingCountry(['DE', 'AT'], undefined)).toBe('DE');
  });
});
