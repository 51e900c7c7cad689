/**
 * Selectable profile fields and their allowed values. Labels are i18n keys
 * `profileFields.{field}.label` and `profileFields.{field}.values.{value}` on the web side.
 */
export const PROFILE_FIELDS = {
  relationship_status: ['single', 'divorced', 'widowed', 'separated', 'open_relationship'],
  looking_for: ['friendship', 'dating', 'relationship', 'marriage', 'chat'],
  body_type: ['slim', 'athletic', 'average', 'curvy', 'muscular', 'a_few_extra_pounds'],
  height: ['under_160', '160_169', '170_179', '180_189', '190_plus'],
  eye_color: ['brown', 'blue', 'green', 'grey', 'hazel'],
  hair_color: ['black', 'brown', 'blond', 'red', 'grey', 'bald'],
  smoking: ['never', 'socially', 'regularly'],
  drinking: ['never', 'socially', 'regularly'],
  children: ['none', 'have_children', 'want_children', 'no_children_wanted'],
  education: ['secondary', 'vocational', 'bachelor', 'master', 'doctorate'],
} as const satisfies Record<string, readonly string[]>;

export type ProfileFieldName = keyof typeof PROFILE_FIELDS;
export const PROFILE_FIELD_NAMES = Object.keys(PROFILE_FIELDS) as ProfileFieldName[];

/** Free-text notes a member writes about themselves. */
export const PROFILE_NOTES = ['personal', 'ideal_match'] as const;
export type ProfileNoteName = (typeof PROFILE_NOTES)[number];
export const NOTE_MAX_LENGTH = 2000;

/** Interests a member may pick; labels are i18n keys `interests.{id}`. */
export const INTERESTS = [
  'travel',
  'music',
  'cooking',
  'sports',
  'hiking',
  'reading',
  'movies',
  'art',
  'photography',
  'dancing',
  'gaming',
  'animals',
  'gardening',
  'fitness',
  'theatre',
  'wine',
  'cycling',
  'yoga',
  'fashion',
  'technology',
] as const;
export type Interest = (typeof INTERESTS)[number];
export const MAX_INTERESTS = 10;
