import { z } from 'zod';
import { COUNTRIES, GENDERS, MAX_AGE, MIN_AGE, SEARCH_PAGE_SIZE } from '../constants.js';
import { queryBooleanSchema } from './common.js';
import { publicProfileSchema } from './profile.js';

/** The deepest page a search serves (12 × 1000 members). */
export const SEARCH_MAX_PAGE = 1000;
/** `num_results` is exact up to this many matches; above it the answer says `capped`. */
export const SEARCH_RESULTS_CAP = 10_000;

/** Our region ids: `{COUNTRY}-{ISO 3166-2 subdivision code}`, e.g. `NL-NH`, `FR-20R`. */
const REGION_ID = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;

/** An empty value (`gender=` from a form's "any" choice) counts as not given. */
const param = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional();

const age = () => z.coerce.number().int().min(MIN_AGE).max(MAX_AGE);
/** A fresh copy per parameter: a schema used twice would be left out of the OpenAPI document. */
const flag = () => param(queryBooleanSchema.clone());

/**
 * `GET /api/search.php` (spec section 7). Every parameter is optional; unknown ones are
 * ignored; booleans take `1`/`0`/`true`/`false`. Whether `countryregion` belongs to the
 * country in force is checked on the server.
 */
export const searchQuerySchema = z
  .object({
    /** Where the search was made (a screen or lander); informational. */
    source: param(z.string().max(50)),
    /** Only members with a photo. */
    pp: flag(),
    /** Only verified members (issue 48): a person checked their selfie against their photos. */
    verified: flag(),
    /** The app is loading the next page on scroll; informational. */
    auto_load: flag(),
    /** Accepted for the spec's client; no photo is classified as nude, so it changes nothing. */
    hideNudity: flag(),
    /** Every country instead of the member's own (default: the template's toggle). */
    searchAllCountries: flag(),
    /** A logged-out visitor from a campaign: `settings.logged_out_search_trafficsource` applies. */
    trafficsource: param(z.string().max(100)),
    country: param(z.enum(COUNTRIES)),
    countryregion: param(z.string().max(8).regex(REGION_ID)),
    min_age: param(age()),
    max_age: param(age()),
    gender: param(z.enum(GENDERS)),
    page: param(z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE)),
    /** The member pressed search: remember these filters (unless `do_not_save`). */
    manual_search: flag(),
    do_not_save: flag(),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    path: ['max_age'],
    message: 'The highest age must not be below the lowest age',
  });
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** The parameters that filter who is listed (the others steer paging, saving and tracking). */
export const SEARCH_FILTER_PARAMS = [
  'gender',
  'min_age',
  'max_age',
  'country',
  'countryregion',
  'searchAllCountries',
  'pp',
  'verified',
] as const satisfies readonly (keyof SearchQuery)[];

/** The filters in force for this answer; `null` where there is none. */
export const searchFilterOptionsSchema = z.object({
  gender: z.enum(GENDERS).nullable(),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  /** `null`: every country. */
  country: z.enum(COUNTRIES).nullable(),
  countryregion: z.string().nullable(),
  /** Only members with a photo. */
  pp: z.boolean(),
  /** Only verified members (false too while `settings.search_fields` does not offer it). */
  verified: z.boolean(),
  /** The request had no filters, so the member's last manual search was applied. */
  remembered: z.boolean(),
});
export type SearchFilterOptions = z.infer<typeof searchFilterOptionsSchema>;

export const searchPagingSchema = z.object({
  /** Matches in all pages: exact up to SEARCH_RESULTS_CAP; when `capped`, "10 000+". */
  num_results: z.number().int().min(0),
  page: z.number().int().min(1),
  per_page: z.literal(SEARCH_PAGE_SIZE),
  num_pages: z.number().int().min(0),
  /** There are more than `num_results` matches. */
  capped: z.boolean(),
});
export type SearchPaging = z.infer<typeof searchPagingSchema>;

/** Most recently active first, then newest member; 12 a page. */
export const searchResponseSchema = z.object({
  profiles: z.array(publicProfileSchema),
  paging: searchPagingSchema,
  filter_options: searchFilterOptionsSchema,
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
