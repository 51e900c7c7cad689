import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ActivationReminder } from '@/features/activation/components/activation-reminder';
import { useSession } from '../session/session-context';
import { useCurrentRoute } from './current-route';
import { MemberPrompts } from './member-prompts';

/** The signup flow itself says where the mail went; no reminder on top of it. */
const SIGNUP_ROUTES = new Set(['signup', 'complete-signup', 'index']);

import { SiteFooter } from './site-footer';
import { TabBar } from './tab-bar';
import { TopNav } from './top-nav';

export function DefaultLayout({ children }: { children?: ReactNode }) {
  const { isLoggedIn, user } = useSession();
  const route = useCurrentRoute();
  return (
    <div className={isLoggedIn ? 'with-tabbar' : undefined}>
      <TopNav />
      <main id="main" className="container" tabIndex={-1}>
        {user && !SIGNUP_ROUTES.has(route?.name ?? '') && <ActivationReminder user={user} />}
        {user && !SIGNUP_ROUTES.has(route?.name ?? '') && route?.name !== 'profile' && (
          <MemberPrompts user={user} />
        )}
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
      {isLoggedIn && <TabBar />}
    </div>
  );
}
