import type { PublicProfile } from '@amora/shared/schemas/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/** True when the profile call answered that this member does not exist (or the id is bad). */
export const isMissingProfile = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export const memberProfileKeys = {
  all: ['member-profile'] as const,
  detail: (id: number) => [...memberProfileKeys.all, id] as const,
};

/** GET /api/profile.php?id=: a member as others see them (login optional). */
export const getProfile = async (id: number) =>
  (await api.get<{ profile: PublicProfile }>(`/api/profile.php?id=${id}`)).profile;

export const profileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: memberProfileKeys.detail(id),
    queryFn: () => getProfile(id),
    staleTime: 30_000,
    // A member that does not exist (or left) stays missing: no retries then.
    retry: (failures, error) => !isMissingProfile(error) && failures < 2,
  });

export const useProfile = (id: number, enabled = true) =>
  useQuery({ ...profileQueryOptions(id), enabled });
