/** The client route table of spec section 2: one place for paths, auth rules and layouts. */

export type RouteAuth = 'required' | 'optional' | 'none';
export type RouteLayout = 'default' | 'chat' | 'empty' | 'lander' | 'none';

export interface AppRoute {
  /** Stable route name (the spec's named routes use these). */
  name: string;
  /** React Router pattern: `:param` segments, `?` marks an optional one. */
  path: string;
  auth: RouteAuth;
  layout: RouteLayout;
  /** Further paths that show the same screen. */
  aliases?: string[];
  /** Where the route sends the visitor instead of rendering a screen. */
  redirectTo?: string;
  /** Only in the demo mode (the `/_dev` pages); production answers 404 (decision 029). */
  demoOnly?: true;
  /**
   * A page visitors arrive on from outside: the server renders it whole for a visitor
   * without a session, with its loaders' data (decisions 046, 048).
   */
  rendersOnServer?: true;
}

/** A route of the table that the server renders for visitors. */
const rendered = <T extends AppRoute>(route: T): T & { rendersOnServer: true } => ({
  ...route,
  rendersOnServer: true,
});

const page = (name: string, path: string, auth: RouteAuth, layout: RouteLayout = 'default') => ({
  name,
  path,
  auth,
  layout,
});

export const STATIC_PAGES = [
  'ban',
  'faq',
  'terms',
  'cookies',
  'privacy',
  'service',
  'return-policy',
] as const;

export const LANDER_KINDS = [
  'video',
  'gallery',
  'alonetonight',
  'iconslanding',
  'collagelanding',
  'maplanding',
  'transitionsvideolanding',
  'socialnetwork',
] as const;

export const APP_ROUTES: readonly AppRoute[] = [
  rendered(page('index', '/', 'optional')),
  rendered(page('login', '/login', 'none')),
  rendered(page('signup', '/signup', 'none')),
  page('complete-signup', '/complete-signup', 'none'),
  page('activate-done', '/activate/done', 'none'),
  page('activate-error', '/activate/error', 'none'),
  page('mail-change-do', '/mail-change/do', 'none'),
  page('reset-password', '/reset-password', 'optional'),
  page('reset-password-do', '/reset-password/do', 'optional'),
  ...STATIC_PAGES.map((p) => rendered(page(`pages-${p}`, `/pages/${p}`, 'none'))),
  { ...page('members', '/members', 'required'), aliases: ['/search'] },
  {
    ...page('members-memberId', '/members/:memberId', 'optional'),
    aliases: ['/likes/m/:memberId'],
  },
  page('members-memberId-chat', '/members/:memberId/chat', 'none', 'chat'),
  page('members-memberId-signup', '/members/:memberId/signup', 'none', 'lander'),
  page('members-memberId-landing', '/members/:memberId/landing', 'none', 'lander'),
  page('members-memberId-landing2', '/members/:memberId/landing2/:slug', 'none', 'empty'),
  page('members-memberId-landing3', '/members/:memberId/landing3/:slug', 'none', 'empty'),
  page('chats', '/chats', 'required'),
  page('chats-chatId', '/chats/:chatId', 'required', 'chat'),
  page('premium', '/premium', 'required'),
  rendered(page('pricing', '/pricing', 'none')),
  page('profile', '/profile', 'required'),
  rendered(page('complaints', '/complaints', 'none')),
  page('likes', '/likes', 'required'),
  page('likes-type', '/likes/:type', 'required'),
  page('match-finder', '/match-finder', 'none', 'empty'),
  page('credits', '/credits', 'required'),
  page('credits-repeat-order', '/credits/repeat-order', 'required'),
  page('credits-creditId', '/credits/:creditId/:paymentMethod?', 'required'),
  page('notifications', '/notifications', 'required'),
  page('transactions-transactionId', '/transactions/:transactionId', 'none'),
  page('signup-matches', '/signup-matches', 'required', 'empty'),
  page('account-deleted', '/account-deleted', 'optional'),
  // The staff console (issue 20): lazy screens the member bundle never loads.
  page('admin', '/admin/:section?', 'required'),
  page('admin-member', '/admin/members/:memberId', 'required'),
  page('admin-order', '/admin/orders/:orderId', 'required'),
  ...LANDER_KINDS.map((kind) =>
    rendered(
      page(
        `landers-${kind}`,
        `/landers/${kind}/:slug`,
        'none',
        kind === 'transitionsvideolanding' ? 'empty' : 'lander',
      ),
    ),
  ),
  ...[
    // The app itself sends /_dev on to /, once it has opened the developer panel (decision 040).
    page('dev', '/_dev', 'none', 'none'),
    page('dev-dialogs', '/_dev/dialogs', 'none', 'none'),
    page('dev-top-nav', '/_dev/top-nav', 'none', 'none'),
    page('dev-activate-reminder', '/_dev/activate-reminder', 'none', 'none'),
  ].map((route) => ({ ...route, demoOnly: true as const })),
];

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

/** Validity checks of route parameters: a value that fails one is a 404. */
const PARAM_PATTERNS: Record<string, string> = {
  memberId: '\\d+',
  chatId: '\\d+',
  // The likes page's two tabs (`/likes/{type}`); anything else is no page of ours.
  type: 'given|received',
};

function compile(pattern: string): { regex: RegExp; keys: string[] } {
  const keys: string[] = [];
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      keys.push(param[1]!);
      const value = PARAM_PATTERNS[param[1]!] ?? '[^/]+';
      return param[2] ? `(?:/(${value}))?` : `/(${value})`;
    })
    .join('');
  return { regex: new RegExp(`^${body || '/'}/?$`), keys };
}

/**
 * Every path and alias of the table as a regular expression of a pathname, in table order:
 * `matchRoute` reads them, and the service worker's navigation allowlist is made of them.
 */
export const ROUTE_PATTERNS: readonly { route: AppRoute; regex: RegExp; keys: string[] }[] =
  APP_ROUTES.flatMap((route) =>
    [route.path, ...(route.aliases ?? [])].map((path) => ({ route, ...compile(path) })),
  );

/** Finds the client route for a pathname, or null for an unknown path (a 404). */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const { route, regex, keys } of ROUTE_PATTERNS) {
    const found = regex.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    keys.forEach((key, i) => {
      const value = found[i + 1];
      if (value !== undefined) params[key] = decodeURIComponent(value);
    });
    return { route, params };
  }
  return null;
}
