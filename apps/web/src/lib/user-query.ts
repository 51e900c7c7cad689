import type { User } from '@amora/shared/schemas/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isLoggedOut } from '@/lib/api-client';

export const userKeys = { all: ['user'] as const };

/** The logged-in member, or null when nobody is (the server answers 403 `not_logged_in`). */
export async function getUser(): Promise<User | null> {
  try {
    return (await api.get<{ user: User }>('/api/user.php')).user;
  } catch (error) {
    if (isLoggedOut(error)) return null;
    throw error;
  }
}

/** Polls every `interval` ms while someone is logged in; logged out, polling stops. */
export const userQueryOptions = (interval: number | false = false) =>
  queryOptions({
    queryKey: userKeys.all,
    queryFn: getUser,
    staleTime: 10_000,
    refetchInterval: (query) => (query.state.data && interval ? interval : false),
  });

export const useUser = () => useQuery(userQueryOptions());
