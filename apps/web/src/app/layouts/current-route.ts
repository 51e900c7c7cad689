import type { AppRoute } from '@amora/shared/routes';
import { useMatches } from 'react-router';

export interface RouteHandle {
  route: AppRoute;
}

/** The spec route of the page being shown, or null on the 404 page. */
export function useCurrentRoute(): AppRoute | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return null;
}
