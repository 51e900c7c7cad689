import { matchRoute } from '@amora/shared/routes';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { appConfig } from '@/config/app-config';
import { isUpdateWaiting } from '@/lib/service-worker';
import { screenFor } from './route-modules';

/** Spec section 9: at most about four at once, and only a handful of screens per page. */
const AT_ONCE = 4;
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

/** The build's list of each screen's scripts, in load order (vite/route-preloads.ts). */
const ROUTE_FILES_URL = '/route-preloads.json';
let routeFiles: Promise<Record<string, string[]> | null> | null = null;

/** Each screen's scripts, or null when the server has another build (or none to say). */
function screenFiles(): Promise<Record<string, string[]> | null> {
  routeFiles ??= fetch(ROUTE_FILES_URL)
    .then((response) => (response.ok ? response.json() : null))
    .then((list: { build?: string; routes?: Record<string, string[]> } | null) =>
      list && list.build === appConfig.buildId ? (list.routes ?? null) : null,
    )
    .catch(() => null);
  return routeFiles;
}

/** Asks for the scripts at once, as `modulepreload` links: fetched and compiled, not run. */
function preloadLinks(files: string[]) {
  for (const file of files) {
    if (document.querySelector(`link[href="${file}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

/**
 * Loads the screens' scripts (decision 055), one step per idle moment: a screen's files
 * are asked for four at a time, then run one file per step, its imports first, so no
 * file's evaluation (zod setting up its schemas, say) shares a task with another's and a
 * tap waits behind at most one. The links are also what Vite's loader looks for when the
 * screen opens, so opening it adds none. Without the build's list a screen is loaded
 * whole, one per idle moment. A failure is left for the real visit. Returns what stops
 * the work not yet started.
 */
function prefetch(linked: () => string[]): () => void {
  const steps: (() => Promise<unknown> | undefined)[] = [];
  let planned = false;
  let stopped = false;
  let cancelIdle = () => {};
  const plan = async () => {
    const files = await screenFiles();
    const names = linked()
      .filter((name) => !fetched.has(name))
      .slice(0, MAX_ROUTES);
    for (const name of names) {
      fetched.add(name);
      const scripts = files?.[name];
      if (!scripts) {
        steps.push(() => screenFor(name)().catch(() => fetched.delete(name)));
        continue;
      }
      // Four files at a time (spec section 9): their links in one step, then each file run
      // in a step of its own; its imports come earlier in the list, so are already there.
      for (let at = 0; at < scripts.length; at += AT_ONCE) {
        const batch = scripts.slice(at, at + AT_ONCE);
        steps.push(() => void preloadLinks(batch));
        for (const script of batch)
          steps.push(() =>
            import(/* @vite-ignore */ script).catch(() => {
              fetched.delete(name);
            }),
          );
      }
    }
  };
  const next = async () => {
    if (stopped || isUpdateWaiting()) return;
    if (!planned) {
      planned = true;
      await plan();
    }
    const step = steps.shift();
    if (stopped || !step) return;
    await step();
    cancelIdle = whenIdle(() => void next());
  };
  cancelIdle = whenIdle(() => void next());
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
