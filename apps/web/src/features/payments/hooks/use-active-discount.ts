import { useLocation } from 'react-router';
import { type Discount, usePageDiscount, useWelcomeDiscount } from '../api/get-discount';

export interface ActiveDiscount {
  /** The code the prices use: the one the URL names, else the time bonus, else the welcome code. */
  discount: Discount | null;
  /** Both calls answered (or were not asked): prices can be asked for with the code. */
  settled: boolean;
  /** The code the page's URL names (`?code=`), if any. */
  named: string | null;
  /** The named code failed to load: shown in place (spec section 8). */
  error: unknown;
  /** The URL names a code the server did not give (unknown or ended): said in place. */
  namedUnavailable: boolean;
}

/**
 * The active discount of the page (spec section 3): both calls are asked, the page's query
 * passed through so that campaign links (`/pricing?code=SPRING`) work. A welcome code that
 * fails to load is silent; a named one that fails is an error in place (spec section 8).
 * Logged out there is none (the calls answer 403).
 */
export function useActiveDiscount(loggedIn: boolean): ActiveDiscount {
  const { search } = useLocation();
  const named = new URLSearchParams(search).get('code') || null;
  const welcome = useWelcomeDiscount(loggedIn);
  const page = usePageDiscount(search, loggedIn);
  return {
    discount: page.data ?? welcome.data ?? null,
    settled: !loggedIn || (page.status !== 'pending' && welcome.status !== 'pending'),
    named,
    error: named && page.isError ? page.error : null,
    namedUnavailable:
      named !== null &&
      page.isSuccess &&
      page.data?.code.toUpperCase() !== named.trim().toUpperCase(),
  };
}
