import type { Plugin } from 'vite';
import { APP_ROUTES } from '../../../packages/shared/src/routes.ts';
import { screenFileOf } from '../src/app/route-screens.ts';

/** What the server announces with a page of the route table (issue 24). */
export interface RoutePreloads {
  build: string;
  /** Route name → the scripts its screen needs beyond the start-up chunk, in load order. */
  routes: Record<string, string[]>;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/**
 * Writes `route-preloads.json`: for every route, the screen's chunk and the chunks it
 * imports. The server lists them as `modulepreload` links in the page it sends, so a
 * phone fetches the screen together with the start-up script instead of after it has run.
 */
export function routePreloadsPlugin(srcDir: string, buildId: string): Plugin {
  return {
    name: 'amora-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is typeof item & ChunkLike => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (file: string, into: string[]) => {
        if (into.includes(file)) return into;
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
        into.push(file);
        return into;
      };
      const atStart = new Set<string>();
      for (const chunk of chunks)
        if (chunk.isEntry) for (const file of closure(chunk.fileName, [])) atStart.add(file);
      const routes: Record<string, string[]> = {};
      for (const route of APP_ROUTES) {
        const file = screenFileOf(route.name);
        const screen =
          file &&
          chunks.find((chunk) => chunk.facadeModuleId === `${srcDir}/app/routes/${file}.tsx`);
        if (!screen) continue;
        routes[route.name] = closure(screen.fileName, [])
          .filter((name) => !atStart.has(name))
          .map((name) => `/${name}`);
      }
      const preloads: RoutePreloads = { build: buildId, routes };
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify(preloads),
      });
    },
  };
}
