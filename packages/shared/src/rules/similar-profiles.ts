import { MIN_AGE } from '../constants.js';

/**
 * Similar profiles (spec section 9, DESIGN "Decisions"): members of the viewed member's
 * gender, within 5 years of their age, in their country or its nearby country; the
 * region is ignored. The server applies it in `GET /api/similar.php`.
 */

/** The age window is the viewed member's age widened by this many years on each side. */
export const SIMILAR_AGE_SPAN = 5;

/** At most this many similar profiles are listed. */
export const SIMILAR_PROFILES_LIMIT = 8;

/** Countries whose members count as near each other (each pair works both ways). */
export const NEARBY_COUNTRIES = [
  ['AU', 'NZ'],
  ['NL', 'BE'],
  ['US', 'CA'],
  ['GB', 'IE'],
  ['DE', 'AT'],
] as const satisfies readonly (readonly [string, string])[];

/** The member's country followed by its nearby-country pair, if it has one. */
export function similarCountries(country: string): string[] {
  const pair = NEARBY_COUNTRIES.find(([a, b]) => a === country || b === country);
  if (!pair) return [country];
  return [country, pair[0] === country ? pair[1] : pair[0]];
}

/** The ages listed next to a member of `age`: ±5 years, never under the minimum age. */
export function similarAgeRange(age: number): { min: number; max: number } {
  return { min: Math.max(age - SIMILAR_AGE_SPAN, MIN_AGE), max: age + SIMILAR_AGE_SPAN };
}
