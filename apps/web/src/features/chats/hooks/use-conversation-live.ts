import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLiveChannelOpened, useLiveEvent } from '@/lib/live-channel';
import {
  addMessageToCache,
  CONVERSATION_POLL_MS,
  markRemovedInCache,
  messageKeys,
  refreshNewestPage,
  setOtherMark,
} from '../api/get-messages';

/**
 * Keeps the open conversation current. Live events: a new message joins it at once (either
 * side's, also mine from another tab); one from the other member is then read through the
 * newest page, so the server marks it read; the other member reading moves my "Read"
 * marker, their receiving it my "Delivered" one, and an unsent message (either side's) shows
 * as removed. Without them, the newest page is read every 15 s and whenever the page shows
 * again (only that page: older ones the member scrolled back to do not change). While the
 * page is hidden nothing is read: the member has not seen it, so the push for it goes out
 * and the sender sees no "Read".
 */
export function useConversationLive(conversation: number, myId: number) {
  const queryClient = useQueryClient();
  useLiveEvent((event) => {
    if (event.type === 'message' && event.message.conversation === conversation) {
      addMessageToCache(queryClient, event.message);
      if (event.message.sender !== myId) readNewest(queryClient, conversation);
    } else if (
      event.type === 'read' &&
      event.conversation === conversation &&
      event.reader !== myId
    ) {
      setOtherMark(queryClient, conversation, 'read', event.message);
    } else if (
      event.type === 'delivered' &&
      event.conversation === conversation &&
      event.recipient !== myId
    ) {
      setOtherMark(queryClient, conversation, 'delivered', event.message);
    } else if (event.type === 'message_removed' && event.conversation === conversation) {
      markRemovedInCache(queryClient, conversation, event.message);
    }
  });

  // A message sent while the channel was away (or before it first opened) came by no event.
  useLiveChannelOpened(() => {
    if (queryClient.getQueryData(messageKeys.conversation(conversation))) {
      readNewest(queryClient, conversation);
    }
  });

  useEffect(() => {
    const poll = setInterval(() => readNewest(queryClient, conversation), CONVERSATION_POLL_MS);
    const onVisibility = () => readNewest(queryClient, conversation);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(poll);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [queryClient, conversation]);
}

function readNewest(queryClient: QueryClient, conversation: number) {
  if (document.visibilityState === 'hidden') return;
  refreshNewestPage(queryClient, conversation).catch(() => {
    // The next poll tries again.
  });
}
