import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/providers';
import { followSystemColorMode } from './lib/color-mode';
import { initI18n } from './lib/i18n';
import { captureTracking } from './lib/tracking';
import 'react-toastify/dist/ReactToastify.css';
import './styles/app.scss';

followSystemColorMode();
captureTracking();
void initI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
