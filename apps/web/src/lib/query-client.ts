import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isNotActivated, showActivationRequired } from './activation-required';
import { ApiError } from './api-client';

export function createQueryClient() {
  return new QueryClient({
    // Whichever action was refused for want of a confirmed address, one explanation opens.
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isNotActivated(error)) showActivationRequired();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}
