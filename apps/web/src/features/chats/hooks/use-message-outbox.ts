import type { User } from '@amora/shared/schemas/user';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { isNotActivated, showActivationRequired } from '@/lib/activation-required';
import { useLiveChannelOpened } from '@/lib/live-channel';
import { userKeys } from '@/lib/user-query';
import { addMessageToCache, type MessagePages, messageKeys } from '../api/get-messages';
import {
  flushOutbox,
  outboxSnapshot,
  settleMessages,
  startOutbox,
  subscribeOutbox,
} from '../utils/message-outbox';
import type { OutboxEntry } from '../utils/outbox-store';

const NONE: readonly OutboxEntry[] = [];

/**
 * Sends the member's waiting messages from the chat screens on (utils/message-outbox): a
 * sent one joins its conversation and its balance the cached user; a refusal refreshes what
 * it says is out of date, and an unconfirmed address opens the app's explanation.
 */
export function useMessageOutbox(memberId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!memberId) return;
    startOutbox({
      memberId,
      onSent: (_entry, { message, credits }) => {
        addMessageToCache(queryClient, message);
        queryClient.setQueryData<User | null>(userKeys.all, (user) =>
          user ? { ...user, credits } : user,
        );
      },
      onRefused: (entry, error) => {
        if (error.status === 402) {
          void queryClient.invalidateQueries({ queryKey: userKeys.all });
        } else if (isNotActivated(error)) {
          showActivationRequired();
        } else if (error.status === 410 || error.code === 'blocked') {
          // The conversation then shows the member as gone, and its composer closes.
          void queryClient.invalidateQueries({
            queryKey: messageKeys.conversation(entry.conversation),
          });
        }
      },
    });
  }, [memberId, queryClient]);
  // The live channel opening again is the connection coming back: what waits goes now.
  useLiveChannelOpened(() => flushOutbox(true));
}

/** The member's waiting and refused messages in a conversation, oldest first. */
export function useOutboxEntries(conversation: number, memberId: number): OutboxEntry[] {
  const all = useSyncExternalStore(subscribeOutbox, outboxSnapshot, () => NONE);
  return all.filter((e) => e.conversation === conversation && e.member === memberId);
}

/**
 * The conversation's messages still on their way: those whose key has not come back on a
 * stored message (an answer, a live event, a page read after a reload). Those whose key
 * has are the stored message now, shown once, and leave the outbox.
 */
export function useUnsentMessages(
  conversation: number,
  memberId: number,
  pages: MessagePages | undefined,
): OutboxEntry[] {
  const entries = useOutboxEntries(conversation, memberId);
  const stored = new Set<string>();
  for (const page of pages?.pages ?? []) {
    for (const message of page.messages) if (message.client_id) stored.add(message.client_id);
  }
  const arrived = entries.filter((e) => stored.has(e.client_id)).map((e) => e.client_id);
  const arrivedKey = arrived.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys' text says when they change
  useEffect(() => {
    if (arrived.length > 0) settleMessages(arrived);
  }, [arrivedKey]);
  return entries.filter((e) => !stored.has(e.client_id));
}
