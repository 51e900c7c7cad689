import type { PhotoArrangement } from '@amora/shared/schemas/images';
import type { User } from '@amora/shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/user-query';

export const arrangePhotos = (arrangement: PhotoArrangement) =>
  api.put<{ user: User }>('/api/profileimage.php', arrangement);

/** The photos in the chosen order and main photo at once; back as they were on failure. */
export function useArrangePhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: arrangePhotos,
    onMutate: async ({ order, main }) => {
      await queryClient.cancelQueries({ queryKey: userKeys.all });
      const before = queryClient.getQueryData<User>(userKeys.all);
      if (before) {
        const byId = new Map(before.profile.images.map((image) => [image.id, image]));
        const images = order.flatMap((id) => byId.get(id) ?? []);
        const mainImage = main ? (byId.get(main) ?? null) : before.profile.main_image;
        queryClient.setQueryData<User>(userKeys.all, {
          ...before,
          profile: { ...before.profile, images, main_image: mainImage },
        });
      }
      return { before };
    },
    onError: (_error, _arrangement, context) => {
      if (context?.before) queryClient.setQueryData(userKeys.all, context.before);
    },
    onSuccess: ({ user }) => queryClient.setQueryData(userKeys.all, user),
  });
}
