import { INTL_NAMES_ATTRIBUTE } from '@amora/shared/page-marks';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initI18n } from '@/lib/i18n';
import { listenForPushMessages } from '@/lib/last-push';
import { prepareDisplayNames } from '@/lib/locale-format';
import { createQueryClient } from '@/lib/query-client';
import { yieldToMain } from '@/lib/yield-to-main';
import { watchBuilds } from './build-watch';
import { loadScreensOf } from './prerender/load-screens';
import { readPageData, takeOverQueries } from './prerender/page-data';
import { App } from './providers';
import { appRoutes, createRouter } from './router';

// The app itself: loaded by the start-up script (main.tsx) at once, or on a rendered
// visitor page once it has loaded (decision 054). Its chunk is compiled off the main thread
// as it streams in (decision 055).
listenForPushMessages();
const queryClient = createQueryClient();
const root = document.getElementById('root')!;
const page = readPageData();

if (page) {
  // The server rendered this visitor's page (decision 046): the app takes the markup over
  // with the same language and the loaders' answers, once the screen's code is here. Each
  // step is a task of its own (decision 055): evaluating the chunk, the route table and
  // the screen, the router, the country and language names if the page shows any, then
  // React in a transition, which takes the page over in slices. Between them the phone
  // stays free to answer a tap or scroll.
  void (async () => {
    await yieldToMain();
    takeOverQueries(queryClient, page);
    const routes = appRoutes(queryClient);
    await Promise.all([initI18n(page.locale), loadScreensOf(routes, window.location)]);
    await yieldToMain();
    const router = createRouter(queryClient, routes, page.router);
    watchBuilds(router);
    await yieldToMain();
    if (document.querySelector(`[${INTL_NAMES_ATTRIBUTE}]`)) {
      prepareDisplayNames();
      await yieldToMain();
    }
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App queryClient={queryClient} router={router} />
        </StrictMode>,
      );
    });
  })();
} else {
  // The router starts the page's script, the user and the settings at once, while the
  // locale table loads: none of them waits for another (issue 24).
  const router = createRouter(queryClient);
  watchBuilds(router);
  void initI18n().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    ),
  );
}
