import type { ChatsResponse } from '@amora/shared/schemas/chat';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const chatKeys = { all: ['chats'] as const, list: () => [...chatKeys.all, 'list'] as const };

export const getChats = () => api.get<ChatsResponse>('/api/chats.php');

export const chatsQueryOptions = (options: { enabled: boolean; refetchInterval: number | false }) =>
  queryOptions({ queryKey: chatKeys.list(), queryFn: getChats, ...options });
