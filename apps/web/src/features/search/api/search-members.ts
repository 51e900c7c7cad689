import type { Country, Gender } from '@amora/shared/constants';
import type { SearchResponse } from '@amora/shared/schemas/search';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { warnOnFailure } from '@/lib/load-warning';
import { storedTracking } from '@/lib/tracking';

/** The filters of the search form, as the page holds them (query values are made from them). */
export interface SearchFilters {
  gender?: Gender | undefined;
  min_age?: number | undefined;
  max_age?: number | undefined;
  country?: Country | undefined;
  countryregion?: string | undefined;
  searchAllCountries?: boolean | undefined;
  /** Leave flagged photos out (a member who did not choose to see them; issue 18). */
  hideNudity?: boolean | undefined;
  /** Only members with a photo. */
  pp?: boolean | undefined;
  /** Only verified members (issue 48), where settings.search_fields offers it. */
  verified?: boolean | undefined;
}

export interface SearchOptions {
  /** A search the member made that must not replace their remembered one (`do_not_save`). */
  doNotSave?: boolean;
}

export const searchKeys = {
  all: ['search'] as const,
  list: (filters: SearchFilters, manual: boolean) => [...searchKeys.all, filters, manual] as const,
};

function toQuery(filters: SearchFilters, extra: Record<string, string | number>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return params.toString();
}

/**
 * A visitor who came from a campaign names its network (`trafficsource`), so the site's
 * `logged_out_search_trafficsource` applies to them; the server ignores it for members. A
 * failure is logged (spec section 8) and still thrown: the page shows it with a retry
 * (the decision on issue 42).
 */
export const searchMembers = (filters: SearchFilters, extra: Record<string, string | number>) => {
  const network = storedTracking().network;
  return warnOnFailure('Search', () =>
    api.get<SearchResponse>(
      `/api/search.php?${toQuery(filters, { ...extra, ...(network ? { trafficsource: network } : {}) })}`,
    ),
  );
};

/** Pages of 12, loaded one after another (spec `auto_load` when scrolling). */
export const searchQueryOptions = (
  filters: SearchFilters,
  manual: boolean,
  source: string,
  options: SearchOptions = {},
) =>
  infiniteQueryOptions({
    queryKey: searchKeys.list(filters, manual),
    queryFn: ({ pageParam }) =>
      searchMembers(filters, {
        page: pageParam,
        source,
        ...(pageParam > 1 ? { auto_load: 1 } : {}),
        ...(manual && pageParam === 1 ? { manual_search: 1 } : {}),
        ...(manual && options.doNotSave ? { do_not_save: 1 } : {}),
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.paging.page < last.paging.num_pages ? last.paging.page + 1 : undefined,
    staleTime: 30_000,
  });

export const useSearchMembers = (
  filters: SearchFilters,
  manual: boolean,
  source = 'members',
  options: SearchOptions = {},
) => useInfiniteQuery(searchQueryOptions(filters, manual, source, options));
