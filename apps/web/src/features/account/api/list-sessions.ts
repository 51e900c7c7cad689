import type { SessionListResponse } from '@amora/shared/schemas/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const sessionKeys = { all: ['sessions'] as const };

/** GET /api/sessions.php: where the member is logged in, this browser first. */
export const listSessions = () => api.get<SessionListResponse>('/api/sessions.php');

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: async () => (await listSessions()).sessions,
    // Last use moves by the minute; the list is read fresh each time the card shows.
    staleTime: 0,
  });

export const useSessions = () => useQuery(sessionsQueryOptions());
