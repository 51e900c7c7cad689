import { COUNTRIES, type Country, MIN_AGE, SEARCH_PAGE_SIZE } from '@amora/shared/constants';
import {
  SEARCH_FILTER_PARAMS,
  SEARCH_RESULTS_CAP,
  type SearchFilterOptions,
  type SearchQuery,
  type SearchResponse,
  searchQuerySchema,
} from '@amora/shared/schemas/search';
import type { SEARCH_FIELDS } from '@amora/shared/schemas/site';
import { CLASSIC_TEMPLATE } from '@amora/shared/template';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { MemberContext } from '../auth/session.service.js';
import { isRegionOf } from '../geo/regions.js';
import { toPublicProfile } from '../members/profile-view.js';
import { readStoredSettings } from '../site/site.repository.js';
import { matchPage, type Viewer } from './match-page.js';
import { findSearcher, rememberSearch, type SearchFilter } from './search.repository.js';
import type { SearchCache } from './search-cache.js';

type FilterParams = Pick<SearchQuery, (typeof SEARCH_FILTER_PARAMS)[number]>;
type SearchField = (typeof SEARCH_FIELDS)[number];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The latest date of birth of someone who is at least `years` old on `today` (UTC, the
 * calendar arithmetic of `ageOn`): the same day `years` earlier, or 28 February when that
 * year has no 29 February. Age >= N exactly when the date of birth is on or before it.
 */
export function bornOnOrBefore(today: Date, years: number): string {
  const year = today.getUTCFullYear() - years;
  const month = today.getUTCMonth() + 1;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(today.getUTCDate(), daysInMonth))}`;
}

const invalidField = (field: string, message: string) =>
  badRequest('invalid_input', `${field}: ${message}`, { [field]: message });

/** The filter parameters a request carries; none at all means "use the remembered ones". */
function filterParamsOf(query: SearchQuery): FilterParams | null {
  const given = SEARCH_FILTER_PARAMS.filter((key) => query[key] !== undefined);
  if (given.length === 0) return null;
  return Object.fromEntries(given.map((key) => [key, query[key]])) as FilterParams;
}

/** Filter parameters as the query-string values they came as, for `member_searches`. */
function toQueryValues(params: FilterParams): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value === 'boolean' ? (value ? '1' : '0') : String(value),
    ]),
  );
}

/** Remembered parameters, read back through the same schema (a stale value is dropped). */
export function fromQueryValues(stored: Record<string, string> | null): FilterParams | null {
  if (!stored) return null;
  const parsed = searchQuerySchema.safeParse(stored);
  return parsed.success ? (filterParamsOf(parsed.data) ?? {}) : null;
}

/**
 * Only the filters the site's search form offers (`settings.search_fields`) count, and a
 * region only while the site uses regions (`settings.region_data`).
 */
function honouredOnly(
  params: FilterParams,
  fields: readonly SearchField[],
  regionData: boolean,
): FilterParams {
  const offered = new Set<string>(fields);
  if (!regionData) offered.delete('countryregion');
  return {
    ...params,
    gender: offered.has('gender') ? params.gender : undefined,
    min_age: offered.has('age') ? params.min_age : undefined,
    max_age: offered.has('age') ? params.max_age : undefined,
    country: offered.has('country') ? params.country : undefined,
    countryregion: offered.has('countryregion') ? params.countryregion : undefined,
    verified: offered.has('verified') ? params.verified : undefined,
  };
}

export interface SearchRequest {
  query: SearchQuery;
  /** The logged-in member, or null for a logged-out visitor. */
  memberId: number | null;
  /** The member's country and remembered search when the caller has them (read otherwise). */
  context?: MemberContext | null;
  /** What searches share on this instance (decision 047); none: every search reads. */
  cache?: SearchCache | null;
  /** When the request arrived (its manual search is remembered unless a later one was). */
  askedAt?: Date;
}

/**
 * `GET /api/search.php`: members search may list (never the searcher), filtered by the
 * parameters the site offers, most recently active first, 12 a page. Logged out, the
 * settings decide whether search is open. A logged-in member's manual search is remembered
 * and applies to a later search that names no filter at all.
 */
export async function searchMembers(
  db: Kysely<Database>,
  { query, memberId, context = null, cache = null, askedAt = new Date() }: SearchRequest,
  today: Date = new Date(),
): Promise<SearchResponse> {
  let params = filterParamsOf(query);
  // The searcher's row holds the remembered filters and the own country: the route has them
  // from the session lookup, and a search that names its filters and a country (or all
  // countries) needs neither.
  const searcherNeeded =
    params === null || (params.searchAllCountries !== true && params.country === undefined);
  const readSearcher = (id: number) => context ?? findSearcher(db, id);
  const [settings, found] = await Promise.all([
    readStoredSettings(db),
    memberId === null || !searcherNeeded ? null : readSearcher(memberId),
  ]);
  let searcher = found;
  if (memberId === null) {
    const mode = query.trafficsource
      ? settings.logged_out_search_trafficsource
      : settings.logged_out_search;
    if (mode === 'none') {
      throw new AppError(403, 'search_login_required', 'Please log in to search for members');
    }
  }

  let remembered = false;
  if (params === null && searcher && !query.manual_search) {
    const stored = fromQueryValues(searcher.rememberedSearch);
    if (stored) {
      params = stored;
      remembered = true;
    }
  }
  const requested = params ?? {};
  const filters = honouredOnly(requested, settings.search_fields, settings.region_data);

  const allCountries =
    filters.searchAllCountries ?? CLASSIC_TEMPLATE.profileSearch.searchAllCountries;
  if (searcher === null && memberId !== null && filters.country === undefined && !allCountries) {
    // The country sent is not a filter the site offers: the member's own country applies.
    searcher = await readSearcher(memberId);
  }
  const ownCountry = COUNTRIES.find((c) => c === searcher?.country) ?? null;
  const country: Country | null = filters.country ?? (allCountries ? null : ownCountry);
  let countryregion = filters.countryregion ?? null;
  if (countryregion !== null && (country === null || !isRegionOf(country, countryregion))) {
    // A remembered region may no longer fit (the member moved, the settings changed): the
    // member did not send it, so it is dropped rather than refused.
    if (remembered) countryregion = null;
    else if (country === null) throw invalidField('countryregion', 'Choose a country first');
    else throw invalidField('countryregion', 'This region is not part of the chosen country');
  }

  const minAge = filters.min_age ?? null;
  const maxAge = filters.max_age ?? null;
  const filter: SearchFilter = {
    excludeMemberId: memberId,
    gender: filters.gender ?? null,
    country,
    countryregion,
    bornOnOrBefore: bornOnOrBefore(today, Math.max(minAge ?? MIN_AGE, MIN_AGE)),
    bornAfter: maxAge === null ? null : bornOnOrBefore(today, maxAge + 1),
    withPhoto: filters.pp ?? false,
    hideFlagged: query.hideNudity === true,
    verifiedOnly: filters.verified ?? false,
  };
  const page = query.page ?? 1;

  const viewer: Viewer | null =
    memberId !== null && context
      ? {
          memberId,
          blockedWith: context.blockedWith,
          showFlaggedPhotos: context.showFlaggedPhotos,
        }
      : null;
  const [{ records, counted }] = await Promise.all([
    matchPage(
      db,
      filter,
      { offset: (page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE },
      cache,
      viewer,
    ),
    memberId !== null && query.manual_search && !query.do_not_save
      ? rememberSearch(db, memberId, toQueryValues(requested), askedAt)
      : undefined,
  ]);

  const profiles = records.map((record) =>
    toPublicProfile(record, settings, today, {
      hideFlagged: filter.hideFlagged,
    }),
  );
  const capped = counted > SEARCH_RESULTS_CAP;
  const numResults = Math.min(counted, SEARCH_RESULTS_CAP);
  const filterOptions: SearchFilterOptions = {
    gender: filter.gender,
    min_age: minAge,
    max_age: maxAge,
    country,
    countryregion,
    pp: filter.withPhoto,
    verified: filter.verifiedOnly,
    remembered,
  };
  return {
    profiles,
    paging: {
      num_results: numResults,
      page,
      per_page: SEARCH_PAGE_SIZE,
      num_pages: Math.ceil(numResults / SEARCH_PAGE_SIZE),
      capped,
    },
    filter_options: filterOptions,
  };
}
