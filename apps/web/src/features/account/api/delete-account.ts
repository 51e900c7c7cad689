import type { DeleteAccountBody } from '@amora/shared/schemas/account-deletion';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /api/user.php: deletes the logged-in account, confirmed with its password. */
export const deleteAccount = (body: DeleteAccountBody) =>
  api.delete<{ ok: true }>('/api/user.php', body);

/** The caller decides what follows (leaving the page, then forgetting the user). */
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
