import { LANDER_KINDS, STATIC_PAGES } from '@amora/shared/routes';
import type { LazyRouteFunction, RouteObject } from 'react-router';

type Lazy = LazyRouteFunction<RouteObject>;

/** One lazily loaded module per screen of the shared route table. */
const SCREENS: Record<string, Lazy> = {
  index: () => import('./routes/home/home-page'),
  login: () => import('./routes/auth/login-page'),
  signup: () => import('./routes/signup/signup-page'),
  'complete-signup': () => import('./routes/signup/complete-signup-page'),
  members: () => import('./routes/members/members-page'),
  'members-memberId': () => import('./routes/members/profile-page'),
  likes: () => import('./routes/likes/likes-page'),
  'signup-matches': () => import('./routes/matches/signup-matches-page'),
  'match-finder': () => import('./routes/matches/match-finder-page'),
  'members-memberId-signup': () => import('./routes/landing/member-landing-page'),
  'members-memberId-landing': () => import('./routes/landing/member-landing-page'),
  'members-memberId-landing2': () => import('./routes/landing/member-landing-page'),
  'members-memberId-landing3': () => import('./routes/landing/member-landing-page'),
  'likes-type': () => import('./routes/likes/likes-page'),
  'activate-done': () => import('./routes/activation/activation-result-page'),
  'activate-error': () => import('./routes/activation/activation-result-page'),
  ...Object.fromEntries(
    STATIC_PAGES.map((page) => [`pages-${page}`, () => import('./routes/pages/static-page')]),
  ),
  profile: () => import('./routes/profile/profile-page'),
  'reset-password': () => import('./routes/account/reset-password-page'),
  'reset-password-do': () => import('./routes/account/reset-password-do-page'),
  'mail-change-do': () => import('./routes/account/mail-change-do-page'),
  'account-deleted': () => import('./routes/account/account-deleted-page'),
  admin: () => import('./routes/admin/admin-page'),
  'admin-member': () => import('./routes/admin/admin-page'),
  'admin-order': () => import('./routes/admin/admin-page'),
  dev: () => import('./routes/dev/dev-page'),
  'dev-activate-reminder': () => import('./routes/dev/activate-reminder-page'),
  'dev-dialogs': () => import('./routes/dev/dialogs-page'),
  'dev-top-nav': () => import('./routes/dev/top-nav-page'),
  notifications: () => import('./routes/notifications/notifications-page'),
  chats: () => import('./routes/chats/chats-page'),
  'chats-chatId': () => import('./routes/chats/chat-page'),
  'members-memberId-chat': () => import('./routes/chats/member-chat-page'),
  credits: () => import('./routes/credits/credits-page'),
  complaints: () => import('./routes/pages/complaints-page'),
  pricing: () => import('./routes/payments/pricing-page'),
  premium: () => import('./routes/payments/premium-page'),
  'credits-creditId': () => import('./routes/payments/checkout-page'),
  'credits-repeat-order': () => import('./routes/payments/repeat-order-page'),
  'transactions-transactionId': () => import('./routes/payments/transaction-page'),
  ...Object.fromEntries(
    LANDER_KINDS.map((kind) => [
      `landers-${kind}`,
      () => import('./routes/landing/campaign-lander-page'),
    ]),
  ),
};

/** A route without a screen is a mistake in this table, found at start and by its unit test. */
export function screenFor(routeName: string): Lazy {
  const screen = SCREENS[routeName];
  if (!screen) throw new Error(`No screen for the route "${routeName}" (app/route-modules.ts)`);
  return screen;
}
export const notFoundScreen: Lazy = () => import('./routes/errors/not-found-page');
