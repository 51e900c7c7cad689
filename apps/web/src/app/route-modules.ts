import type { LazyRouteFunction, RouteObject } from 'react-router';
import { NOT_FOUND_SCREEN, screenFileOf } from './route-screens';

type Lazy = LazyRouteFunction<RouteObject>;

/** Every screen module, each loaded lazily: one chunk per screen. */
const SCREEN_MODULES = import.meta.glob<Awaited<ReturnType<Lazy>>>('./routes/**/*-page.tsx');

const moduleOf = (file: string): Lazy | undefined => SCREEN_MODULES[`./routes/${file}.tsx`];

/** A route without a screen is a mistake in route-screens.ts, found at start and by its unit test. */
export function screenFor(routeName: string): Lazy {
  const file = screenFileOf(routeName);
  const screen = file ? moduleOf(file) : undefined;
  if (!screen) throw new Error(`No screen for the route "${routeName}" (app/route-screens.ts)`);
  return screen;
}

export const notFoundScreen: Lazy = moduleOf(NOT_FOUND_SCREEN)!;
