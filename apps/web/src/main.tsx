import { startAfterLoad, startsAfterLoad } from './app/prerender/start-after-load';
import { holdInstallEvent } from './app/pwa/install-event';
import { followSystemColorMode } from './lib/color-mode';
import { applyDesignVersion } from './lib/design-version';
import { captureTracking } from './lib/tracking';
import './styles/app.scss';

// Before anything else, so the first paint already has the chosen design and colour mode,
// and a campaign's parameters are kept even if the visitor leaves before the app starts.
applyDesignVersion();
followSystemColorMode();
captureTracking();
// The browser's offer to install comes when it likes, touched or not: held for the app.
holdInstallEvent();

/** How long the browser may keep the worker's registration waiting for an idle moment. */
const IDLE_TIMEOUT_MS = 2000;

// The service worker (spec section 4) is registered on every page, touched or not, once the
// page has loaded and the browser is idle: its precache never competes with what the page
// shows. Browsers without `requestIdleCallback` (Safari before 18) wait a moment instead.
const registerWhenIdle = () => {
  const register = () =>
    void import('./lib/service-worker').then((worker) => worker.registerServiceWorker());
  if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(register, IDLE_TIMEOUT_MS);
};
if (document.readyState === 'complete') registerWhenIdle();
else window.addEventListener('load', registerWhenIdle, { once: true });

const startApp = () => import('./app/start-app');

// A visitor's page the server rendered whole starts the app once it has loaded, so what it
// shows comes first (decision 054); every other page starts it at once.
if (startsAfterLoad()) startAfterLoad(startApp);
else void startApp();
