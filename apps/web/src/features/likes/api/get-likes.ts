import type { LikesResponse } from '@amora/shared/schemas/likes';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const likeKeys = { all: ['likes'] as const, list: () => [...likeKeys.all, 'list'] as const };

export const getLikes = () => api.get<LikesResponse>('/api/likes.php');

export const likesQueryOptions = (options: { enabled: boolean; refetchInterval: number | false }) =>
  queryOptions({ queryKey: likeKeys.list(), queryFn: getLikes, ...options });
