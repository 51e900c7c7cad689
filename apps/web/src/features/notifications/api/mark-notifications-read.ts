import type {
  MarkNotificationsRead,
  NotificationsResponse,
} from '@amora/shared/schemas/notifications';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './get-notifications';

export const markNotificationsRead = (which: MarkNotificationsRead) =>
  api.post<{ unread: number }>('/api/notifications.php', which);

/** Read at once on screen; the server's answer (or a refetch on failure) settles it. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: (which) => {
      queryClient.setQueryData<InfiniteData<NotificationsResponse>>(notificationKeys.all, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                notifications: page.notifications.map((n) =>
                  'all' in which || which.ids.includes(n.id) ? { ...n, read: true } : n,
                ),
              })),
            }
          : data,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
