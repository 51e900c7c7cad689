import type { PasswordResetBody } from '@amora/shared/schemas/password';
import type { User } from '@amora/shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/user-query';

/** PUT /api/password-reset.php: the new password with the mailed token; logs this browser in. */
export const resetPassword = (body: PasswordResetBody) =>
  api.put<{ user: User }>('/api/password-reset.php', body);

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: ({ user }) => queryClient.setQueryData(userKeys.all, user),
  });
}
