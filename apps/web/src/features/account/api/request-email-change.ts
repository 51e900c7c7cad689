import type {
  EmailChangeRequest,
  EmailChangeRequestResponse,
} from '@amora/shared/schemas/email-change';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/user-query';

/**
 * POST /api/email-change.php: a confirmation link to the new address (`pending_email`),
 * or, for a member who has not activated yet, the new address at once (`email`).
 */
export const requestEmailChange = (body: EmailChangeRequest) =>
  api.post<EmailChangeRequestResponse>('/api/email-change.php', body);

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: (answer) => {
      // Changed at once: the user shows the new address (and the reminder names it).
      if ('email' in answer) void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
