import { ServiceWorkerPrompt } from '../pwa/service-worker-prompt';
import { useRoutePrefetch } from '../route-prefetch';
import { useRouteRedirects } from './route-redirects';

/**
 * What every page has but nothing needs before it has shown: the service worker and its
 * update prompt, the operator's redirects and the prefetch of the screens the page links
 * to. Loaded after the first render, so the first page's scripts stay small.
 */
export default function ShellExtras() {
  useRouteRedirects();
  useRoutePrefetch();
  return <ServiceWorkerPrompt />;
}
