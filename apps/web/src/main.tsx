import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/providers';
import { followSystemColorMode } from './lib/color-mode';
import { initI18n } from './lib/i18n';
import { listenForPushMessages } from './lib/last-push';
import { captureTracking } from './lib/tracking';
import 'react-toastify/dist/ReactToastify.css';
import './styles/app.scss';

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
