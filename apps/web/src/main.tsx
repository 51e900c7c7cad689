import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { watchBuilds } from './app/build-watch';
import { App } from './app/providers';
import { createRouter } from './app/router';
import { followSystemColorMode } from './lib/color-mode';
import { applyDesignVersion } from './lib/design-version';
import { initI18n } from './lib/i18n';
import { listenForPushMessages } from './lib/last-push';
import { createQueryClient } from './lib/query-client';
import { captureTracking } from './lib/tracking';
import './styles/app.scss';

// Before React renders anything, so the first paint already has the chosen design.
applyDesignVersion();
followSystemColorMode();
captureTracking();
listenForPushMessages();
// The router starts the page's script, the user and the settings at once, while the
// locale table loads: none of them waits for another (issue 24).
const queryClient = createQueryClient();
const router = createRouter(queryClient);
watchBuilds(router);
void initI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  ),
);
