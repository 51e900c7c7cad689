import type { User } from '@amora/shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/user-query';

export const deletePhoto = (image: number) =>
  api.delete<{ user: User }>('/api/profileimage.php', { image });

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: ({ user }) => queryClient.setQueryData(userKeys.all, user),
  });
}
