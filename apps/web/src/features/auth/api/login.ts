import type { LoginBody } from '@amora/shared/schemas/auth';
import type { User } from '@amora/shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/user-query';

export const login = (body: LoginBody) => api.post<{ user: User }>('/api/login.php', body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => queryClient.setQueryData(userKeys.all, user),
  });
}
