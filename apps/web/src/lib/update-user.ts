import type { SettingsUpdate } from '@amora/shared/schemas/member-settings';
import type { User } from '@amora/shared/schemas/user';
import type { UserUpdate } from '@amora/shared/schemas/user-update';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/user-query';

export const updateUser = (update: UserUpdate | SettingsUpdate) =>
  api.put<{ user: User }>('/api/user.php', update);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: ({ user }) => queryClient.setQueryData(userKeys.all, user),
  });
}
