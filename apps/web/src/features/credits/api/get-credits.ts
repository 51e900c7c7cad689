import type { CreditsResponse } from '@amora/shared/schemas/credits';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const creditKeys = { all: ['credits'] as const };

/** GET /api/credits.php: balance, the price of a message for me, and a page of the ledger. */
export const getCredits = (before?: number) =>
  api.get<CreditsResponse>(`/api/credits.php${before ? `?before=${before}` : ''}`);

/**
 * The ledger pages back from the newest row; the first page also carries the balance and
 * the price. Always refetched on mount: every message sent elsewhere moves the balance.
 */
export const creditsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: creditKeys.all,
    queryFn: ({ pageParam }) => getCredits(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.ledger.at(-1)?.id : undefined),
    staleTime: 0,
  });

export const useCredits = (enabled = true) =>
  useInfiniteQuery({ ...creditsQueryOptions(), enabled });
