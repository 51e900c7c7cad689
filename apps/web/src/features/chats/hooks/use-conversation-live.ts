import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvent } from '@/lib/live-channel';
import { addMessageToCache, refreshNewestPage, setOtherReadUpTo } from '../api/get-messages';

/**
 * Live events for the open conversation: a new message joins it at once (either side's,
 * also mine from another tab); one from the other member is then read through the newest
 * page, so the server marks it read; the other member reading moves my "Read" marker.
 * While the page is hidden nothing is read: the member has not seen it, so the push for it
 * goes out and the sender sees no "Read"; it is read when the page shows again.
 */
export function useConversationLive(conversation: number, myId: number) {
  const queryClient = useQueryClient();
  const unseen = useRef(false);
  useLiveEvent((event) => {
    if (event.type === 'message' && event.message.conversation === conversation) {
      addMessageToCache(queryClient, event.message);
      if (event.message.sender !== myId) {
        if (document.visibilityState === 'hidden') unseen.current = true;
        else readNewest(queryClient, conversation);
      }
    } else if (
      event.type === 'read' &&
      event.conversation === conversation &&
      event.reader !== myId
    ) {
      setOtherReadUpTo(queryClient, conversation, event.message);
    }
  });

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState !== 'visible' || !unseen.current) return;
      unseen.current = false;
      readNewest(queryClient, conversation);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [queryClient, conversation]);
}

function readNewest(queryClient: QueryClient, conversation: number) {
  refreshNewestPage(queryClient, conversation).catch(() => {
    // The 15 s refetch reads it then.
  });
}
