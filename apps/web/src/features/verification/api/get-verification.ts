import type { VerificationState } from '@amora/shared/schemas/verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const verificationKeys = { all: ['verification'] as const };

/**
 * GET /api/verification.php: the member's status and, with `none` or `rejected`, the pose
 * the server assigned (it stands 15 minutes; a later call assigns another).
 */
export const getVerification = () => api.get<VerificationState>('/api/verification.php');

export const verificationQueryOptions = () =>
  queryOptions({
    queryKey: verificationKeys.all,
    queryFn: getVerification,
    // A person decides meanwhile, and a pose runs out: read fresh whenever the card shows.
    staleTime: 0,
  });

export const useVerification = (enabled = true) =>
  useQuery({ ...verificationQueryOptions(), enabled });
