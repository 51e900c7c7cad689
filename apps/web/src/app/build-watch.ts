import type { DataRouter } from 'react-router';
import { appConfig } from '@/config/app-config';
import { applyUpdate, checkForUpdate, isUpdateWaiting } from '@/lib/service-worker';

/** How often a long-open page asks whether a new build was deployed. */
const CHECK_INTERVAL_MS = 5 * 60 * 1000;
/** A path is reloaded at most once per 10 s (spec section 9), so a bad deploy cannot loop. */
const RELOAD_GUARD_MS = 10_000;

async function latestBuildId(): Promise<string | null> {
  try {
    const response = await fetch('/builds/latest.json', { cache: 'no-store' });
    return response.ok ? ((await response.json()) as { id: string }).id : null;
  } catch {
    return null;
  }
}

function reloadInto(path: string) {
  const key = `amora-build-reload:${path}`;
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(key, String(Date.now()));
  // With a new service worker waiting, let it take over; otherwise a full page load.
  if (isUpdateWaiting()) void applyUpdate();
  else window.location.assign(path);
  return true;
}

/**
 * Spec section 4 "Builds": the build id is compared periodically; after a change, the next
 * navigation loads the page afresh instead of moving inside the old build.
 */
export function watchBuilds(router: Pick<DataRouter, 'subscribe'>) {
  if (!import.meta.env.PROD) return;
  let newBuild = false;
  setInterval(async () => {
    if (newBuild) return;
    const id = await latestBuildId();
    if (id && id !== appConfig.buildId) {
      newBuild = true;
      void checkForUpdate();
    }
  }, CHECK_INTERVAL_MS);
  router.subscribe((state) => {
    const target = state.navigation.location;
    if (newBuild && state.navigation.state === 'loading' && target) {
      reloadInto(`${target.pathname}${target.search}${target.hash}`);
    }
  });
}
