import type { PasswordChangeBody } from '@amora/shared/schemas/password';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /api/password.php: a new password for the logged-in member (other sessions end). */
export const changePassword = (body: PasswordChangeBody) =>
  api.put<{ ok: true }>('/api/password.php', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
