import { matchRoute } from '@amora/shared/routes';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isUpdateWaiting } from '@/lib/service-worker';
import { screenFor } from './route-modules';

/** Spec section 9: at most about four at once, and only a handful per page. */
const MAX_CONCURRENT = 4;
const MAX_ROUTES = 8;

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Data saver on, or a 2G-class connection: the member's bytes are not ours to spend. */
function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return Boolean(connection?.saveData) || /^(slow-)?2g$/.test(connection?.effectiveType ?? '');
}

/** The app routes the page links to, in page order, without the one shown. */
function linkedRoutes(current: string | undefined): string[] {
  const names = new Set<string>();
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
    const route = matchRoute(new URL(link.href).pathname)?.route;
    // Not the developer's pages nor the staff console: few follow those links, and the
    // console alone outweighs everything else.
    if (!route || route.demoOnly || route.name.startsWith('admin')) continue;
    if (route.name !== current) names.add(route.name);
  }
  return [...names];
}

const idleSupported = () => typeof window.requestIdleCallback === 'function';

const fetched = new Set<string>();

/** Loads the screens' scripts, four at a time; a failure is left for the real visit. */
async function prefetch(names: string[]) {
  const queue = names.filter((name) => !fetched.has(name)).slice(0, MAX_ROUTES);
  for (const name of queue) fetched.add(name);
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      await Promise.resolve()
        .then(() => screenFor(name)())
        .catch(() => fetched.delete(name));
    }
  };
  await Promise.all(Array.from({ length: MAX_CONCURRENT }, worker));
}

/**
 * Prefetches the screens the page links to (spec section 9) once the app runs and the
 * browser is idle: the page's own load never competes with it, a slow connection skips it,
 * and the visitor's first tap on a link finds its screen there (decision 054).
 */
export function useRoutePrefetch() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (slowConnection()) return;
    // A waiting new version replaces this one's chunks: fetching them would be waste, and
    // it kept the waiting worker from taking over when the member chose Refresh.
    const run = () => {
      if (!isUpdateWaiting()) void prefetch(linkedRoutes(matchRoute(pathname)?.route.name));
    };
    // Safari has no requestIdleCallback: a short delay stands in for it.
    if (!idleSupported()) {
      const timer = window.setTimeout(run, 200);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(idle);
  }, [pathname]);
}
