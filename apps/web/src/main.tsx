import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/providers';
import { followSystemColorMode } from './lib/color-mode';
import { applyDesignVersion } from './lib/design-version';
import { initI18n } from './lib/i18n';
import { listenForPushMessages } from './lib/last-push';
import { captureTracking } from './lib/tracking';
import 'react-toastify/dist/ReactToastify.css';
import './styles/app.scss';

// Before React renders anything, so the first paint already has the chosen design.
applyDesignVersion();
followSystemColorMode();
captureTracking();
listenForPushMessages();
void initI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
