import type { ZeroCreditsResponse } from '@amora/shared/schemas/credits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/user-query';
import { creditKeys } from './get-credits';

/** POST /api/dev/credits.php (demo only): sets my credits to zero through the ledger. */
export const zeroCredits = () => api.post<ZeroCreditsResponse>('/api/dev/credits.php');

export function useZeroCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: zeroCredits,
    // The balance shows from the user (header, chat) and from the credits page.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: creditKeys.all }),
      ]),
  });
}
