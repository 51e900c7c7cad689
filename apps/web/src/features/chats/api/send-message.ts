import type { SendMessageResponse } from '@amora/shared/schemas/messages';
import type { User } from '@amora/shared/schemas/user';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { userKeys } from '@/lib/user-query';
import { addMessageToCache, type MessagePages, messageKeys } from './get-messages';

export const sendKeys = {
  conversation: (id: number) => ['messages', 'send', id] as const,
};

export interface SendVariables {
  text: string;
}

/** A message on its way: shown at the end of the conversation until the server answers. */
export interface PendingMessage {
  key: string;
  text: string;
  /** The newest message id known when it was sent: the stored one comes after it. */
  afterId: number;
}

export const sendMessage = (conversation: number, text: string) =>
  api.post<SendMessageResponse>('/api/messages.php', { conversation, text });

/**
 * POST /api/messages.php. The message shows at once as pending (see usePendingMessages);
 * on success it joins the conversation and the balance in the cached user follows the
 * server's; on failure it disappears and `onFailed` gets the text back, so nothing is lost.
 * The callbacks sit on the mutation (not on `mutate`) so each of several quick sends gets them.
 */
export function useSendMessage(
  conversation: number,
  onFailed: (variables: SendVariables, error: ApiError) => void,
) {
  const queryClient = useQueryClient();
  return useMutation<SendMessageResponse, ApiError, SendVariables, { afterId: number }>({
    mutationKey: sendKeys.conversation(conversation),
    mutationFn: ({ text }) => sendMessage(conversation, text),
    onMutate: () => ({
      afterId:
        queryClient
          .getQueryData<MessagePages>(messageKeys.conversation(conversation))
          ?.pages[0]?.messages.at(-1)?.id ?? 0,
    }),
    onSuccess: ({ message, credits }) => {
      addMessageToCache(queryClient, message);
      queryClient.setQueryData<User | null>(userKeys.all, (user) =>
        user ? { ...user, credits } : user,
      );
    },
    onError: (error, variables) => onFailed(variables, error),
  });
}

/** The sends of this conversation still waiting for the server, oldest first. */
export function usePendingMessages(conversation: number): PendingMessage[] {
  return useMutationState({
    filters: { mutationKey: sendKeys.conversation(conversation), status: 'pending' },
    select: (mutation) => ({
      key: `pending-${mutation.mutationId}`,
      text: (mutation.state.variables as SendVariables | undefined)?.text ?? '',
      afterId: (mutation.state.context as { afterId: number } | undefined)?.afterId ?? 0,
    }),
  });
}
