import { startOnFirstUse, startsOnFirstUse } from './app/prerender/start-on-use';
import { followSystemColorMode } from './lib/color-mode';
import { applyDesignVersion } from './lib/design-version';
import { captureTracking } from './lib/tracking';
import './styles/app.scss';

// Before anything else, so the first paint already has the chosen design and colour mode,
// and a campaign's parameters are kept even if the visitor leaves before the app starts.
applyDesignVersion();
followSystemColorMode();
captureTracking();

const startApp = () => import('./app/start-app');

// A visitor's page the server rendered whole starts the app when the visitor first reaches
// for it (decision 048); every other page starts it at once.
if (startsOnFirstUse()) startOnFirstUse(startApp);
else void startApp();
