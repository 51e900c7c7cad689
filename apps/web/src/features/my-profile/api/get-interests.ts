import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { warnOnFailure } from '@/lib/load-warning';

/** GET /api/interests.php: the interests a member can pick; they change only with a release. */
export const interestsQueryOptions = () =>
  queryOptions({
    queryKey: ['interests'] as const,
    queryFn: () =>
      warnOnFailure(
        'Interests',
        async () =>
          (await api.get<{ interests: { id: string }[] }>('/api/interests.php')).interests,
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useInterests = () => useQuery(interestsQueryOptions());
