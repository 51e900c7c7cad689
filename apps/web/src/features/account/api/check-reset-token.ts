import type { PasswordResetCheckResponse } from '@amora/shared/schemas/password';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resetTokenKeys = {
  all: ['password-reset-token'] as const,
  check: (token: string) => [...resetTokenKeys.all, token] as const,
};

/** GET /api/password-reset.php?token=: whether the link from the mail still works. */
export const checkResetToken = (token: string) =>
  api.get<PasswordResetCheckResponse>(`/api/password-reset.php?token=${encodeURIComponent(token)}`);

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: resetTokenKeys.check(token),
    queryFn: () => checkResetToken(token),
    // Asked once per visit: after a reset the answer changes and must not come from cache.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 1,
  });

export const useResetTokenCheck = (token: string) => useQuery(resetTokenQueryOptions(token));
