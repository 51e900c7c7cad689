import type { LikesResponse } from '@amora/shared/schemas/likes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { likeKeys } from '../api/get-likes';
import { useLikes } from '../api/use-likes';

/**
 * Opening the profile of a member who liked the viewer makes that like seen: the server
 * does it on GET /api/profile.php, the cached likes (and the navigation count) follow here.
 */
export function useLikeSeen(profileId: number | null, isLoggedIn: boolean) {
  const queryClient = useQueryClient();
  const likes = useLikes(isLoggedIn);
  useEffect(() => {
    if (!isLoggedIn || profileId === null) return;
    if (!likes.data?.liked_by.some((entry) => entry.id === profileId && entry.like_new)) return;
    queryClient.setQueryData<LikesResponse>(likeKeys.list(), (current) =>
      current
        ? {
            ...current,
            liked_by: current.liked_by.map((entry) =>
              entry.id === profileId ? { ...entry, like_new: false } : entry,
            ),
          }
        : current,
    );
  }, [isLoggedIn, profileId, likes.data, queryClient]);
}
