import { matchRoute } from '@amora/shared/routes';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isUpdateWaiting } from '@/lib/service-worker';
import { screenFor } from './route-modules';

/** Spec section 9: at most about four at once (here one), and only a handful per page. */
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

/** When the browser is idle, or a short delay where it cannot say (Safari). */
function whenIdle(run: () => void): () => void {
  if (!idleSupported()) {
    const timer = window.setTimeout(run, 200);
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(run, { timeout: 2000 });
  return () => window.cancelIdleCallback(idle);
}

const fetched = new Set<string>();

/**
 * Loads the screens' scripts one screen per idle moment (decision 055): each screen's
 * scripts are fetched and run in a task of their own, never several screens in one long
 * task a tap would have to wait behind. A failure is left for the real visit. Returns
 * what stops the screens not yet started.
 */
function prefetch(linked: () => string[]): () => void {
  let queue: string[] | null = null;
  let stopped = false;
  let cancelIdle = () => {};
  const next = () => {
    queue ??= linked()
      .filter((name) => !fetched.has(name))
      .slice(0, MAX_ROUTES);
    const name = queue.shift();
    if (stopped || !name || isUpdateWaiting()) return;
    fetched.add(name);
    void Promise.resolve()
      .then(() => screenFor(name)())
      .catch(() => fetched.delete(name))
      .finally(() => {
        cancelIdle = whenIdle(next);
      });
  };
  cancelIdle = whenIdle(next);
  return () => {
    stopped = true;
    cancelIdle();
  };
}

/**
 * Prefetches the screens the page links to (spec section 9) once the app runs and the
 * browser is idle: the page's own load never competes with it, a slow connection skips it,
 * and the visitor's first tap on a link finds its screen there (decision 054). A waiting
 * new version replaces this one's chunks: fetching them would be waste, and it kept the
 * waiting worker from taking over when the member chose Refresh.
 */
export function useRoutePrefetch() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (slowConnection()) return;
    return prefetch(() => linkedRoutes(matchRoute(pathname)?.route.name));
  }, [pathname]);
}
