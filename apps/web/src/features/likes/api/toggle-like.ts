import type { LikesResponse } from '@amora/shared/schemas/likes';
import type { PublicProfile } from '@amora/shared/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isNotActivated } from '@/lib/activation-required';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { likeKeys } from './get-likes';

/**
 * Like or unlike a member at once (optimistic): the likes list changes before the server
 * answers and goes back, with a toast, when it fails (spec section 4). A member who has not
 * confirmed their address gets the app's explanation instead of the toast (decision 026).
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ profile, like }: { profile: PublicProfile; like: boolean }) =>
      like
        ? api.post('/api/likes.php', { profile: profile.id })
        : api.delete('/api/likes.php', { profile: profile.id }),
    onMutate: async ({ profile, like }) => {
      await queryClient.cancelQueries({ queryKey: likeKeys.list() });
      const previous = queryClient.getQueryData<LikesResponse>(likeKeys.list());
      queryClient.setQueryData<LikesResponse>(likeKeys.list(), (current) => {
        const base = current ?? { profiles: [], liked_by: [] };
        const others = base.profiles.filter((p) => p.id !== profile.id);
        return { ...base, profiles: like ? [profile, ...others] : others };
      });
      return { previous };
    },
    onError: (error, _vars, context) => {
      queryClient.setQueryData(likeKeys.list(), context?.previous);
      if (!isNotActivated(error)) toast.error(t('likes.failed'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: likeKeys.list() }),
  });
}

/** Ids of the members the viewer likes, from the polled likes list. */
export function likedIds(likes: LikesResponse | undefined): Set<number> {
  return new Set((likes?.profiles ?? []).map((p) => p.id));
}
