import type { PublicProfile } from '@amora/shared/schemas/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberProfileKeys } from './get-profile';

export const similarKeys = {
  list: (id: number) => [...memberProfileKeys.detail(id), 'similar'] as const,
};

/** GET /api/similar.php?id=: up to 8 members like this one (DESIGN "Similar profiles"). */
export const getSimilar = async (id: number) =>
  (await api.get<{ profiles: PublicProfile[] }>(`/api/similar.php?id=${id}`)).profiles;

export const similarQueryOptions = (id: number) =>
  queryOptions({
    queryKey: similarKeys.list(id),
    queryFn: () => getSimilar(id),
    staleTime: 60_000,
    retry: 1,
  });

export const useSimilar = (id: number, enabled = true) =>
  useQuery({ ...similarQueryOptions(id), enabled });
