import { TEMPLATE_NAME } from '@amora/shared/constants';
import clsx from 'clsx';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { useActivationRequired } from '@/lib/activation-required';
import { useDevPanelFlag } from '@/lib/dev-panel-flag';
import { useToastAreaWanted } from '@/lib/toast';
import { useSession } from '../session/session-context';
import { SessionProvider } from '../session/session-provider';
import { AuthGate } from './auth-gate';
import { useCurrentRoute } from './current-route';

const ShellExtras = lazy(() => import('./shell-extras'));
const ToastArea = lazy(() => import('./toast-area'));

/** The toast area, mounted with the first toast asked for (lib/toast.ts). */
function Toasts() {
  const wanted = useToastAreaWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  );
}

/** Loaded when first needed: few members ever see it, and the first page stays small. */
const ActivationRequiredPrompt = lazy(() =>
  import('@/features/activation/components/activation-required-dialog').then((module) => ({
    default: module.ActivationRequiredPrompt,
  })),
);

/** The explanation of a refusal for want of a confirmed address (decision 026), when open. */
function ActivationRequired() {
  const open = useActivationRequired();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ActivationRequiredPrompt />
    </Suspense>
  );
}

/** Loaded only while its flag is set (decision 040): visitors never download it. */
const DevPanel = lazy(() =>
  import('../dev-panel/dev-panel').then((module) => ({ default: module.DevPanel })),
);

/** The developer panel, on every page while `amora.devPanel` is `1` (demo only, it checks). */
function DevPanelWhenOpen() {
  const open = useDevPanelFlag();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DevPanel />
    </Suspense>
  );
}

function RootFrame() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const route = useCurrentRoute();
  // Says the app has taken the page over, a server-rendered one included (decision 046):
  // until then a form is sent by the browser itself. Browser tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  const page = route
    ? route.name === 'index'
      ? 'index'
      : `app-${route.name}-page`
    : 'app-not-found-page';
  return (
    <div
      className={clsx(`template-${TEMPLATE_NAME}`, isLoggedIn ? 'logged-in' : 'logged-out', page)}
    >
      <a className="skip-link" href="#main">
        {t('common.skip_to_content')}
      </a>
      <AuthGate>
        <Outlet />
      </AuthGate>
      <ScrollRestoration />
      <Toasts />
      <Suspense fallback={null}>
        <ShellExtras />
      </Suspense>
      {isLoggedIn && <ActivationRequired />}
      <DevPanelWhenOpen />
    </div>
  );
}

/** The root of every page: session, the classes of spec section 2, and the toast area. */
export function RootLayout() {
  return (
    <SessionProvider>
      <RootFrame />
    </SessionProvider>
  );
}
