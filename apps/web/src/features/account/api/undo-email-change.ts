import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/user-query';

/** PUT /api/email-change.php { undo }: the link in the notice to the old address. */
export const undoEmailChange = (undo: string) =>
  api.put<{ ok: true }>('/api/email-change.php', { undo });

export function useUndoEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoEmailChange,
    // Every session of the member has ended, maybe this one too: ask who is logged in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
