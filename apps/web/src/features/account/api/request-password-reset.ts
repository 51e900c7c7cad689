import type { PasswordResetRequest } from '@amora/shared/schemas/password';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/password-reset.php: mails a reset link (the answer is the same for any address). */
export const requestPasswordReset = (body: PasswordResetRequest) =>
  api.post<{ ok: true }>('/api/password-reset.php', body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
