/**
 * The file under `app/routes/` that holds each screen of the shared route table, as data:
 * the router loads it lazily (route-modules.ts) and the build lists each screen's scripts
 * for the server to announce with the page (vite/route-preloads.ts, issue 24).
 * Kept free of imports so the build configuration can read it.
 */
const SCREEN_FILES: Record<string, string> = {
  index: 'home/home-page',
  login: 'auth/login-page',
  signup: 'signup/signup-page',
  'complete-signup': 'signup/complete-signup-page',
  members: 'members/members-page',
  'members-memberId': 'members/profile-page',
  likes: 'likes/likes-page',
  'signup-matches': 'matches/signup-matches-page',
  'match-finder': 'matches/match-finder-page',
  'members-memberId-signup': 'landing/member-landing-page',
  'members-memberId-landing': 'landing/member-landing-page',
  'members-memberId-landing2': 'landing/member-landing-page',
  'members-memberId-landing3': 'landing/member-landing-page',
  'likes-type': 'likes/likes-page',
  'activate-done': 'activation/activation-result-page',
  'activate-error': 'activation/activation-result-page',
  profile: 'profile/profile-page',
  'reset-password': 'account/reset-password-page',
  'reset-password-do': 'account/reset-password-do-page',
  'mail-change-do': 'account/mail-change-do-page',
  'account-deleted': 'account/account-deleted-page',
  admin: 'admin/admin-page',
  'admin-member': 'admin/admin-page',
  'admin-order': 'admin/admin-page',
  dev: 'dev/dev-page',
  'dev-activate-reminder': 'dev/activate-reminder-page',
  'dev-dialogs': 'dev/dialogs-page',
  'dev-top-nav': 'dev/top-nav-page',
  notifications: 'notifications/notifications-page',
  chats: 'chats/chats-page',
  'chats-chatId': 'chats/chat-page',
  'members-memberId-chat': 'chats/member-chat-page',
  credits: 'credits/credits-page',
  complaints: 'pages/complaints-page',
  // Its question form is part of the page the server renders: a screen of its own, so the
  // app takes the form over with the page, and the other static pages do not load it.
  'pages-service': 'pages/service-page',
  pricing: 'payments/pricing-page',
  premium: 'payments/premium-page',
  'credits-creditId': 'payments/checkout-page',
  'credits-repeat-order': 'payments/repeat-order-page',
  'transactions-transactionId': 'payments/transaction-page',
};

/** The static pages and the campaign landers share one screen each. */
const SHARED_SCREENS: [prefix: string, file: string][] = [
  ['pages-', 'pages/static-page'],
  ['landers-', 'landing/campaign-lander-page'],
];

/** The screen file (without `.tsx`) of a route name, or undefined for none. */
export function screenFileOf(routeName: string): string | undefined {
  return (
    SCREEN_FILES[routeName] ?? SHARED_SCREENS.find(([prefix]) => routeName.startsWith(prefix))?.[1]
  );
}

export const NOT_FOUND_SCREEN = 'errors/not-found-page';
