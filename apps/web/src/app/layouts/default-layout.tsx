import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../session/session-context';
import { useCurrentRoute } from './current-route';
import { SiteFooter } from './site-footer';
import { TabBar } from './tab-bar';
import { TopNav } from './top-nav';

/** The signup flow itself says where the mail went; no reminder on top of it (nor on the staff console). */
const SIGNUP_ROUTES = new Set(['signup', 'complete-signup', 'index']);

// Only members see these: loaded after login, they stay off a visitor's first page.
const ActivationReminder = lazy(() =>
  import('@/features/activation/components/activation-reminder').then((module) => ({
    default: module.ActivationReminder,
  })),
);
const MemberPrompts = lazy(() =>
  import('./member-prompts').then((module) => ({ default: module.MemberPrompts })),
);

export function DefaultLayout({ children }: { children?: ReactNode }) {
  const { isLoggedIn, user } = useSession();
  const route = useCurrentRoute();
  return (
    <div className={isLoggedIn ? 'with-tabbar' : undefined}>
      <TopNav />
      <main id="main" className="container" tabIndex={-1}>
        {!route?.name.startsWith('admin') && (
          <Suspense fallback={null}>
            {user && !SIGNUP_ROUTES.has(route?.name ?? '') && <ActivationReminder user={user} />}
            {user && !SIGNUP_ROUTES.has(route?.name ?? '') && route?.name !== 'profile' && (
              <MemberPrompts user={user} />
            )}
          </Suspense>
        )}
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
      {isLoggedIn && <TabBar />}
    </div>
  );
}
