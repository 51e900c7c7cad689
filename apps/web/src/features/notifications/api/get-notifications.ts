import type { NotificationsResponse } from '@amora/shared/schemas/notifications';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const notificationKeys = { all: ['notifications'] as const };

export const getNotifications = (before?: number) =>
  api.get<NotificationsResponse>(
    `/api/notifications.php${before !== undefined ? `?before=${before}` : ''}`,
  );

/** Newest first, paged back by the oldest id of the last page. */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.notifications.at(-1)?.id : undefined),
  });

export const useNotifications = () => useInfiniteQuery(notificationsQueryOptions());
