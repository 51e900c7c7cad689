import type { PublicProfile } from '@amora/shared/schemas/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/signup-matches.php: a page of members who fit a member who just signed up. */
export const signupMatchesQueryOptions = () =>
  queryOptions({
    queryKey: ['signup-matches'] as const,
    queryFn: async () =>
      (await api.get<{ profiles: PublicProfile[] }>('/api/signup-matches.php')).profiles,
    staleTime: 60_000,
  });

export const useSignupMatches = () => useQuery(signupMatchesQueryOptions());
