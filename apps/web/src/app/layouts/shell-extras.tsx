import { ServiceWorkerPrompt } from '../pwa/service-worker-prompt';
import { usePauseToastUnderPointer } from './pause-toast-under-pointer';
import { useRouteRedirects } from './route-redirects';

/**
 * What every page has but nothing needs before it has shown: the service worker and its
 * update prompt, the operator's redirects and toasts pausing under a resting pointer.
 * Loaded after the first render, so the first page's scripts stay small.
 */
export default function ShellExtras() {
  usePauseToastUnderPointer();
  useRouteRedirects();
  return <ServiceWorkerPrompt />;
}
