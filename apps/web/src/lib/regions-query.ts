import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { warnOnFailure } from './load-warning';

export type RegionsByCountry = Record<string, { id: string; name: string }[]>;

/** GET /api/regions.php: regions per country; they change only with a new release. */
export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: ['regions'] as const,
    queryFn: () => warnOnFailure('Regions', () => api.get<RegionsByCountry>('/api/regions.php')),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRegions = () => useQuery(regionsQueryOptions());
