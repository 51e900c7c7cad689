import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the screens a location shows before the app takes a server-rendered page over:
 * a screen still to be loaded would render the loading fallback instead of the markup the
 * server sent (React Router's hydration with lazy routes).
 */
export async function loadScreensOf(routes: RouteObject[], location: Location): Promise<void> {
  const lazy = (matchRoutes(routes, location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
