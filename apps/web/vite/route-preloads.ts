import type { Plugin } from 'vite';
import { APP_ROUTES } from '../../../packages/shared/src/routes.ts';
import { screenFileOf } from '../src/app/route-screens.ts';

/** What the server announces with a page of the route table (issue 24). */
export interface RoutePreloads {
  build: string;
  /** The app's start (app/start-app.tsx) and the chunks it imports, beyond the entry's. */
  start: string[];
  /** Route name → the scripts its screen needs beyond those, in load order. */
  routes: Record<string, string[]>;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
}

/**
 * Writes `route-preloads.json`: the app's start, and for every route the screen's chunk
 * and the chunks it imports. The server lists them as `modulepreload` links in the page it sends, so a
 * phone fetches the screen together with the start-up script instead of after it has run.
 */
export function routePreloadsPlugin(
  srcDir: string,
  buildId: string,
  appStartModule: string,
): Plugin {
  const chunkOf = (chunks: ChunkLike[], file: string) =>
    chunks.find((chunk) => chunk.facadeModuleId === `${srcDir}/${file}`);
  return {
    name: 'amora-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is typeof item & ChunkLike => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // Imports first, in load order; a chunk met again (chunks may import each other) once.
      const closure = (file: string, into: string[], seen = new Set<string>()) => {
        if (seen.has(file)) return into;
        seen.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into, seen);
        into.push(file);
        return into;
      };
      const withEntry = new Set<string>();
      for (const chunk of chunks)
        if (chunk.isEntry) for (const file of closure(chunk.fileName, [])) withEntry.add(file);
      // The app's start is grouped with all it imports (vite.config.ts), so it is no facade.
      const appStart = chunks.find((chunk) => chunk.moduleIds.includes(appStartModule));
      if (!appStart) throw new Error(`route-preloads: no chunk holds ${appStartModule}`);
      const start = closure(appStart.fileName, []).filter((name) => !withEntry.has(name));
      const loaded = new Set([...withEntry, ...start]);
      const routes: Record<string, string[]> = {};
      for (const route of APP_ROUTES) {
        const file = screenFileOf(route.name);
        const screen = file && chunkOf(chunks, `app/routes/${file}.tsx`);
        if (!screen) continue;
        routes[route.name] = closure(screen.fileName, [])
          .filter((name) => !loaded.has(name))
          .map((name) => `/${name}`);
      }
      const preloads: RoutePreloads = {
        build: buildId,
        start: start.map((name) => `/${name}`),
        routes,
      };
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify(preloads),
      });
    },
  };
}
