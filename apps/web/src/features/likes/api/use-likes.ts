import { useQuery } from '@tanstack/react-query';
import { likesQueryOptions } from './get-likes';

/** The likes list from the cache the session cycle keeps fresh (no polling of its own). */
export const useLikes = (enabled: boolean) =>
  useQuery(likesQueryOptions({ enabled, refetchInterval: false }));
