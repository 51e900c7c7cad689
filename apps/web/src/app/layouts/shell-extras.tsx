import { ServiceWorkerPrompt } from '../pwa/service-worker-prompt';
import { useRouteRedirects } from './route-redirects';

/**
 * What every page has but nothing needs before it has shown: the service worker and its
 * update prompt, and the operator's redirects.
 * Loaded after the first render, so the first page's scripts stay small.
 */
export default function ShellExtras() {
  useRouteRedirects();
  return <ServiceWorkerPrompt />;
}
