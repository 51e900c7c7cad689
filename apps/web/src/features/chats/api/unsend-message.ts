import type { UnsendResponse } from '@amora/shared/schemas/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { markRemovedInCache } from './get-messages';

/** DELETE /api/messages.php: takes one of my messages back (issue 49). */
export const unsendMessage = (message: number) =>
  api.delete<UnsendResponse>('/api/messages.php', { message });

/**
 * Unsending shows the message as removed once the server answers (not before: a refusal,
 * after the 10 minutes say, would have to bring the text back). The other member's tabs and
 * my other tabs hear it live; a refusal is said in a toast.
 */
export function useUnsendMessage(conversation: number) {
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: unsendMessage,
    onSuccess: ({ message }) => markRemovedInCache(queryClient, conversation, message.id),
    onError: (error) => {
      toast.error(errorText(error));
    },
  });
}
