import type { EndSessionsBody, EndSessionsResponse } from '@amora/shared/schemas/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionKeys } from './list-sessions';

/** DELETE /api/sessions.php: `{ id }` logs out one session, `{ others: true }` all but this one. */
export const endSessions = (body: EndSessionsBody) =>
  api.delete<EndSessionsResponse>('/api/sessions.php', body);

export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSessions,
    // Also after a failure: a 404 means the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
