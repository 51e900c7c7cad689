import { APP_ROUTES, type AppRoute, matchRoute, type RouteLayout } from '@amora/shared/routes';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { settingsQueryOptions } from '@/lib/settings-query';
import { userQueryOptions } from '@/lib/user-query';
import { ChatLayout } from './layouts/chat-layout';
import { DefaultLayout } from './layouts/default-layout';
import { EmptyLayout } from './layouts/empty-layout';
import { LanderLayout } from './layouts/lander-layout';
import { PageLoading } from './layouts/page-loading';
import { RootLayout } from './layouts/root-layout';
import { notFoundScreen, screenFor } from './route-modules';
import { RouteError } from './routes/errors/route-error';
import type { ScreenLoader } from './screen-loader';

const LAYOUTS: Record<RouteLayout, ComponentType> = {
  default: DefaultLayout,
  chat: ChatLayout,
  empty: EmptyLayout,
  lander: LanderLayout,
  none: EmptyLayout,
};

type ScreenModule = Awaited<ReturnType<ReturnType<typeof screenFor>>> & { loader?: ScreenLoader };

/**
 * The screen's module as the router takes it, without its `loader`: that one takes the
 * query client, and the route's own loader runs it.
 */
const screenOf = (load: () => Promise<ScreenModule>) => async () => {
  const { loader: _ownLoader, ...screen } = await load();
  return screen;
};

/** Every route of the shared table (and its aliases), each behind its auth rule. */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  /**
   * The auth rule, then what the screen reads before it shows (screen-loader.ts). A read
   * that fails leaves its query failed, not the route: the screen says so in place and asks
   * again, and the server sends such a page with its app started at once.
   */
  const routeLoader =
    (route: AppRoute, load: () => Promise<ScreenModule>) => async (args: LoaderFunctionArgs) => {
      const { request } = args;
      if (route.redirectTo) return redirect(route.redirectTo);
      // The table's parameter checks (member and chat ids are numbers): failing one is a 404.
      if (!matchRoute(new URL(request.url).pathname)) throw new Response(null, { status: 404 });
      const [user, screen] = await Promise.all([
        queryClient.ensureQueryData(userQueryOptions()).catch(() => null),
        load(),
      ]);
      if (route.auth === 'required' && !user) {
        const url = new URL(request.url);
        return redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
      }
      await screen.loader?.(queryClient, args).catch(() => undefined);
      return null;
    };

  const toRoutes = (route: AppRoute): RouteObject[] => {
    const load = screenFor(route.name) as () => Promise<ScreenModule>;
    return [route.path, ...(route.aliases ?? [])].map((path) => ({
      path,
      handle: { route },
      loader: routeLoader(route, load),
      lazy: screenOf(load),
    }));
  };

  const byLayout = (layout: RouteLayout): RouteObject => {
    const Layout = LAYOUTS[layout];
    return {
      element: <Layout />,
      children: APP_ROUTES.filter((r) => r.layout === layout).flatMap(toRoutes),
    };
  };

  return [
    {
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          errorElement: <RouteError />,
          // The settings with the user, in parallel: every page's frame needs them, and a
          // first render without them would shift as they arrive (issue 24).
          loader: async () => {
            const [user] = await Promise.all([
              queryClient.ensureQueryData(userQueryOptions()).catch(() => null),
              queryClient.ensureQueryData(settingsQueryOptions()).catch(() => null),
            ]);
            return user;
          },
          children: [
            byLayout('default'),
            byLayout('chat'),
            byLayout('empty'),
            byLayout('lander'),
            byLayout('none'),
            { element: <DefaultLayout />, children: [{ path: '*', lazy: notFoundScreen }] },
          ],
        },
      ],
    },
  ];
}

/**
 * The browser's router. A page the server rendered (decision 046) brings its loaders'
 * answers, so the router starts with them instead of running the loaders again.
 */
export function createRouter(
  queryClient: QueryClient,
  routes = appRoutes(queryClient),
  hydrationData?: HydrationState,
) {
  return createBrowserRouter(routes, { hydrationData });
}
