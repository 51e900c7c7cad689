import { MIN_AGE } from '../constants.js';

/**
 * The age choices of the search form (spec section 9). `null` means "no bound"; the label
 * of each is the i18n key `search.age.<id>`. "65 and over" starts at 65 as the spec names
 * it, so a member of exactly 65 is found by both "56-65" and "65 and over".
 */
export const AGE_BUCKETS = [
  { id: 'all', min_age: null, max_age: null },
  { id: 'up_to_25', min_age: MIN_AGE, max_age: 25 },
  { id: '26_35', min_age: 26, max_age: 35 },
  { id: '36_45', min_age: 36, max_age: 45 },
  { id: '46_55', min_age: 46, max_age: 55 },
  { id: '56_65', min_age: 56, max_age: 65 },
  { id: '65_and_over', min_age: 65, max_age: null },
] as const satisfies readonly { id: string; min_age: number | null; max_age: number | null }[];

export type AgeBucket = (typeof AGE_BUCKETS)[number];
export type AgeBucketId = AgeBucket['id'];

/** The i18n key of a bucket's label. */
export const ageBucketLabelKey = (id: AgeBucketId): `search.age.${AgeBucketId}` =>
  `search.age.${id}`;

/**
 * The bucket a search's `min_age`/`max_age` pair stands for, or null for a range no bucket
 * has. A missing minimum is the minimum age (nobody younger is listed), so `max_age=25`
 * alone is "up to 25" and no bounds at all is "all".
 */
export function bucketFor(
  minAge: number | null | undefined,
  maxAge: number | null | undefined,
): AgeBucket | null {
  const min = minAge ?? MIN_AGE;
  const max = maxAge ?? null;
  return AGE_BUCKETS.find((b) => (b.min_age ?? MIN_AGE) === min && b.max_age === max) ?? null;
}
