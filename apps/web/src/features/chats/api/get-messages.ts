import type { ChatsResponse, Message } from '@amora/shared/schemas/chat';
import type { MessagesResponse } from '@amora/shared/schemas/messages';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatKeys } from './get-chats';

/** The open conversation reads its newest page this often, so it works without the live channel too. */
export const CONVERSATION_POLL_MS = 15_000;

export const messageKeys = {
  all: ['messages'] as const,
  conversation: (id: number) => [...messageKeys.all, id] as const,
};

export type MessagePages = InfiniteData<MessagesResponse>;

/** GET /api/messages.php: the newest page, or the page before message `before`. */
export const getMessages = (conversation: number, before?: number) =>
  api.get<MessagesResponse>(
    `/api/messages.php?conversation=${conversation}${before ? `&before=${before}` : ''}`,
  );

/**
 * Pages go back in time: the first page is the newest (loading it marks the conversation
 * read on the server), each next page holds the messages before the oldest one shown.
 * Keeping it current is `useConversationLive`'s work: a refetch of the query would load
 * every older page the member scrolled back to again.
 */
export const messagesQueryOptions = (conversation: number) =>
  infiniteQueryOptions({
    queryKey: messageKeys.conversation(conversation),
    queryFn: ({ pageParam }) => getMessages(conversation, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.messages[0]?.id : undefined),
    refetchOnWindowFocus: false,
    staleTime: 0,
  });

export const useMessages = (conversation: number) =>
  useInfiniteQuery(messagesQueryOptions(conversation));

/** Adds a message to the newest page of its conversation, once (live events and sends meet). */
export function addMessageToCache(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData<MessagePages>(
    messageKeys.conversation(message.conversation),
    (current) => {
      const newest = current?.pages[0];
      if (!current || !newest) return current;
      if (current.pages.some((page) => page.messages.some((m) => m.id === message.id))) {
        return current;
      }
      const messages = [...newest.messages, message].sort((a, b) => a.id - b.id);
      return { ...current, pages: [{ ...newest, messages }, ...current.pages.slice(1)] };
    },
  );
}

/**
 * The other member read (`read`) or received (`delivered`, issue 49) my messages up to
 * `messageId`. Both marks only move forward, and whatever is read was delivered.
 */
export function setOtherMark(
  queryClient: QueryClient,
  conversation: number,
  mark: 'read' | 'delivered',
  messageId: number,
) {
  queryClient.setQueryData<MessagePages>(messageKeys.conversation(conversation), (current) => {
    const newest = current?.pages[0];
    if (!current || !newest) return current;
    const { other_read_up_to: read, other_delivered_up_to: delivered } = newest.conversation;
    const next = {
      ...newest.conversation,
      other_read_up_to: mark === 'read' ? Math.max(read, messageId) : read,
      other_delivered_up_to: Math.max(delivered, messageId),
    };
    if (next.other_read_up_to === read && next.other_delivered_up_to === delivered) return current;
    return { ...current, pages: [{ ...newest, conversation: next }, ...current.pages.slice(1)] };
  });
}

/** Its sender unsent a message (issue 49): wherever it is loaded, it shows as removed. */
export function markRemovedInCache(queryClient: QueryClient, conversation: number, id: number) {
  queryClient.setQueryData<MessagePages>(messageKeys.conversation(conversation), (current) => {
    if (!current?.pages.some((page) => page.messages.some((m) => m.id === id && !m.removed))) {
      return current;
    }
    return {
      ...current,
      pages: current.pages.map((page) => ({
        ...page,
        messages: page.messages.map((m) =>
          m.id === id ? { ...m, text: '', removed: true as const } : m,
        ),
      })),
    };
  });
}

/** Opening a conversation reads it: its unread count in the chats list goes to 0 at once. */
export function markChatReadInCache(queryClient: QueryClient, conversation: number) {
  queryClient.setQueryData<ChatsResponse>(chatKeys.list(), (current) => {
    if (!current?.chats.some((c) => c.conversation.id === conversation && c.num_unread_messages)) {
      return current;
    }
    return {
      chats: current.chats.map((chat) =>
        chat.conversation.id === conversation ? { ...chat, num_unread_messages: 0 } : chat,
      ),
    };
  });
}

/**
 * Reads the newest page again (which marks it read on the server) and merges it into the
 * cache, leaving older pages as they are: a message from the other member arrived live.
 */
export async function refreshNewestPage(queryClient: QueryClient, conversation: number) {
  const page = await getMessages(conversation);
  queryClient.setQueryData<MessagePages>(messageKeys.conversation(conversation), (current) => {
    const newest = current?.pages[0];
    if (!current || !newest) return current;
    const older = new Set(current.pages.slice(1).flatMap((p) => p.messages.map((m) => m.id)));
    const byId = new Map([...newest.messages, ...page.messages].map((m) => [m.id, m]));
    const messages = [...byId.values()].filter((m) => !older.has(m.id)).sort((a, b) => a.id - b.id);
    // The oldest message kept is the old page's, so its has_more still tells about older ones.
    const merged = { ...page, messages, has_more: newest.has_more };
    return { ...current, pages: [merged, ...current.pages.slice(1)] };
  });
  markChatReadInCache(queryClient, conversation);
}
