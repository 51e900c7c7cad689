/**
 * The service worker of spec section 4 (/sw.js, scope /): installed, waiting, activated.
 * When an update is waiting the listeners hear of it, so the UI can tell the member a
 * refresh is needed; accepting it (`applyUpdate`) lets the new worker take control and
 * the page then reloads. A failed registration sets `registrationFailed`.
 *
 * Only production builds register it; the dev server has no /sw.js.
 */

/** How often a long-open page asks the server whether /sw.js changed. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

type UpdateListener = () => void;

/** True once registering the service worker failed (spec section 4). */
export let registrationFailed = false;

let registered = false;
let updateWaiting = false;
let registration: ServiceWorkerRegistration | undefined;
let updateServiceWorker: ((reloadPage?: boolean) => Promise<void>) | undefined;
const listeners = new Set<UpdateListener>();

export const isServiceWorkerSupported = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Registers /sw.js once per page; later calls do nothing. */
export async function registerServiceWorker(): Promise<void> {
  if (registered || !import.meta.env.PROD || !isServiceWorkerSupported()) return;
  registered = true;
  try {
    const { registerSW } = await import('virtual:pwa-register');
    updateServiceWorker = registerSW({
      immediate: true,
      onNeedRefresh() {
        updateWaiting = true;
        for (const listener of listeners) listener();
      },
      onRegisteredSW(_url, swRegistration) {
        registration = swRegistration;
        if (swRegistration)
          setInterval(() => void swRegistration.update().catch(() => {}), UPDATE_CHECK_INTERVAL_MS);
      },
      onRegisterError(error) {
        registrationFailed = true;
        console.warn('Service worker registration failed', error);
      },
    });
  } catch (error) {
    registrationFailed = true;
    console.warn('Service worker registration failed', error);
  }
}

/**
 * Calls `listener` when an update is waiting (at once if one already is).
 * Returns the unsubscribe function.
 */
export function onUpdateReady(listener: UpdateListener): () => void {
  listeners.add(listener);
  if (updateWaiting) listener();
  return () => listeners.delete(listener);
}

export const isUpdateWaiting = () => updateWaiting;

/** Lets the waiting worker take over; the page reloads when it controls the page. */
export async function applyUpdate(): Promise<void> {
  if (updateServiceWorker) await updateServiceWorker(true);
  else window.location.reload();
}

/** Asks the server for a newer /sw.js now (for example after a new build was noticed). */
export async function checkForUpdate(): Promise<void> {
  await registration?.update().catch(() => {});
}
