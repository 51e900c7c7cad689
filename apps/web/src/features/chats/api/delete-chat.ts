import type { ChatsResponse } from '@amora/shared/schemas/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { chatKeys } from './get-chats';

export const deleteChat = (conversation: number) =>
  api.delete<{ ok: true }>('/api/chat.php', { conversation });

/**
 * DELETE /api/chat.php, as spec section 4 says: the chat leaves the list at once; when the
 * call fails an alert tells why and the list reloads from the server.
 */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: deleteChat,
    onMutate: async (conversation) => {
      // A poll in flight would bring the chat back.
      await queryClient.cancelQueries({ queryKey: chatKeys.list() });
      queryClient.setQueryData<ChatsResponse>(chatKeys.list(), (current) =>
        current
          ? { chats: current.chats.filter((chat) => chat.conversation.id !== conversation) }
          : current,
      );
    },
    onError: (error) => {
      window.alert(t('chat.remove_failed', { reason: errorText(error) }));
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
  });
}
