import type { EmailChangeConfirmResponse } from '@amora/shared/schemas/email-change';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/user-query';

/** PUT /api/email-change.php { token }: the link in the mail to the new address. */
export const confirmEmailChange = (token: string) =>
  api.put<EmailChangeConfirmResponse>('/api/email-change.php', { token });

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    // The cached user (if it is this member) still has the old address.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
