import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ProfileFieldOptions = Record<string, { allowed_values: string[] }>;

export const profileFieldsQueryOptions = () =>
  queryOptions({
    queryKey: ['profile-fields'] as const,
    queryFn: () => api.get<ProfileFieldOptions>('/api/profile_fields.php'),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useProfileFields = () => useQuery(profileFieldsQueryOptions());
