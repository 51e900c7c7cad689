import type { BlocksResponse } from '@amora/shared/schemas/safety';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const blockKeys = { all: ['blocks'] as const };

/** GET /api/blocks.php: the members the logged-in member blocked, most recent first. */
export const useBlocks = () =>
  useQuery({
    queryKey: blockKeys.all,
    queryFn: async () => (await api.get<BlocksResponse>('/api/blocks.php')).profiles,
  });

/** POST or DELETE /api/block.php; the caller refreshes the lists when its flow is done. */
export const useSetBlocked = () =>
  useMutation({
    mutationFn: ({ profile, blocked }: { profile: number; blocked: boolean }) =>
      blocked
        ? api.post<{ ok: true }>('/api/block.php', { profile })
        : api.delete<{ ok: true }>('/api/block.php', { profile }),
  });

/**
 * After a block or unblock: search, likes, chats, notifications and similar members list
 * someone else now, so every cached answer is refreshed (active ones at once). Blocks are
 * rare, and naming each list here would tie this feature to all the others. Called once the
 * dialog is done, since the refresh takes away the card or chat the dialog was opened from.
 */
export function useRefreshAfterBlock() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries();
}
