import { randomBytes } from 'node:crypto';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { BRAND } from '../../packages/shared/src/brand.ts';
import { ROUTE_PATTERNS } from '../../packages/shared/src/routes.ts';
import { buildInfoPlugin } from './vite/build-info.ts';
import { compileHintsPlugin } from './vite/compile-hints.ts';
import { localeMessagesPlugin } from './vite/locale-messages.ts';
import { precompressPlugin } from './vite/precompress.ts';
import { purgeAppStyles } from './vite/purge-styles.ts';
import { routePreloadsPlugin } from './vite/route-preloads.ts';

const shared = fileURLToPath(new URL('../../packages/shared/src', import.meta.url));
const src = fileURLToPath(new URL('./src', import.meta.url));
const buildId = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;

/** A route's pathname pattern, with any query string after it. */
const withQuery = (regex: RegExp) => `${regex.source.replace(/\$$/, '')}(?:\\?.*)?$`;

/**
 * The service worker answers a navigation from its cached app shell only for a path of
 * the shared route table (optionally with a query string); anything else goes to the
 * network, so unknown paths keep their real 404 and server redirects stay real. The pages
 * the server renders for visitors go to the network too, which sends a visitor the page
 * whole (decision 046) and a member the bare app; the shell answers them only offline.
 */
const navigationAllowlist = ROUTE_PATTERNS.filter(
  ({ route }) => !route.redirectTo && !route.rendersOnServer,
).map(({ regex }) => new RegExp(withQuery(regex)));

/** The rendered pages' full addresses (the worker matches a runtime route on the URL). */
const renderedPages = new RegExp(
  `^https?://[^/]+(?:${ROUTE_PATTERNS.filter(({ route }) => route.rendersOnServer)
    .map(({ regex }) => `(?:${withQuery(regex).replace(/^\^/, '')})`)
    .join('|')})`,
);

/**
 * Everything the app's start (app/start-app.tsx) imports statically runs when it starts
 * anyway, so it goes in one chunk: left to itself the bundler cuts the modules a lazy page
 * shares with it into dozens of small files, each costing the phone a request and brotli
 * its shared context. What the start-up script (main.tsx) itself imports stays with it:
 * that script runs on every page before the app (decision 048).
 */
const APP_START = `${src}/app/start-app.tsx`;
const ENTRY = `${src}/main.tsx`;
/**
 * The service worker's registration, which the start-up script imports once the page has
 * loaded, touched or not: a chunk of its own, for in the app's chunk it would bring the
 * app, which starts as it loads.
 */
const SERVICE_WORKER = `${src}/lib/service-worker.ts`;
let withTheEntry: Set<string> | null = null;

function entryModules(ctx: ChunkingContext): Set<string> {
  if (withTheEntry) return withTheEntry;
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(ENTRY);
  withTheEntry = found;
  return found;
}

const inStartup = new Set<string>();
const outsideStartup = new Set<string>();

/**
 * A package's index that only re-exports a module (react-i18next's `Trans`, lucide-react's
 * icons): the bundler keeps the exports used, so being re-exported by it says nothing about
 * being needed at start. Without this, whatever any page uses of such a package would ride
 * in the start-up chunk.
 */
const reExportAnswers = new Map<string, boolean>();

function onlyReExports(ctx: ChunkingContext, importer: string, id: string): boolean {
  if (!importer.includes('/node_modules/')) return false;
  // The graph walk below asks the same pair again for every module it starts from.
  const key = `${importer}\0${id}`;
  const known = reExportAnswers.get(key);
  if (known !== undefined) return known;
  const answer = reExportsOnly(ctx, importer, id);
  reExportAnswers.set(key, answer);
  return answer;
}

function reExportsOnly(ctx: ChunkingContext, importer: string, id: string): boolean {
  const code = ctx.getModuleInfo(importer)?.code;
  if (!code) return false;
  const path = relative(dirname(importer), id);
  const quoted = `['"]${(path.startsWith('.') ? path : `./${path}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`;
  return (
    new RegExp(`export\\s*(?:\\*|\\{[^}]*\\})\\s*from\\s*${quoted}`).test(code) &&
    !new RegExp(`import\\s[^;]*?from\\s*${quoted}|import\\s*${quoted}`).test(code)
  );
}

function startupChunk(moduleId: string, ctx: ChunkingContext): string | null {
  // Inside one walk only "yes" is remembered: a "no" found while a cycle was cut short may
  // not be final. A walk that ends in "no" has seen every importer of every module it met,
  // so all of those are "no" for good.
  const reaches = (id: string, seen: Set<string>): boolean => {
    if (inStartup.has(id)) return true;
    if (outsideStartup.has(id)) return false;
    const info = ctx.getModuleInfo(id);
    if (!info || seen.has(id)) return false;
    seen.add(id);
    const importers = info.importers.filter((importer) => !onlyReExports(ctx, importer, id));
    if (id !== APP_START && !importers.some((importer) => reaches(importer, seen))) return false;
    inStartup.add(id);
    return true;
  };
  const seen = new Set<string>();
  if (reaches(moduleId, seen)) return 'startup';
  for (const id of seen) outsideStartup.add(id);
  return null;
}

/**
 * The server's rendering of visitor pages (decision 046): the same sources built for Node,
 * without the service worker, the locale files or the build records the app's build writes.
 */
const serverRenderBuild = {
  publicDir: false as const,
  plugins: [
    react(),
    {
      // The service worker registers only in a browser; rendering never reaches it.
      name: 'no-service-worker-on-the-server',
      resolveId: (id: string) => (id === 'virtual:pwa-register' ? '\0pwa-register-stub' : null),
      load: (id: string) =>
        id === '\0pwa-register-stub' ? 'export const registerSW = () => () => {};' : null,
    },
  ],
};

export default defineConfig(({ command, isSsrBuild }) => ({
  ...(isSsrBuild ? serverRenderBuild : clientPlugins()),
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  resolve: {
    alias: [
      { find: /^@amora\/shared\/(.*)$/, replacement: `${shared}/$1.ts` },
      { find: /^@\/(.*)$/, replacement: `${src}/$1` },
    ],
  },
  css: {
    postcss: { plugins: command === 'build' && !isSsrBuild ? [purgeAppStyles()] : [] },
    preprocessorOptions: {
      scss: {
        // The brand's colours come from their one definition (packages/shared/src/brand.ts).
        additionalData: `$brand-color: ${BRAND.color};\n$brand-background: ${BRAND.background};\n`,
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  // Every build gets a folder of its own and never writes into the one `dist` links to,
  // which running instances serve; scripts/prepare.mjs builds with --outDir and switches
  // the link (docs/decisions/022).
  // The manifest (.vite/manifest.json) lets a unit test weigh the first page's scripts.
  build: isSsrBuild
    ? { outDir: `releases/${buildId}/.ssr`, emptyOutDir: true, sourcemap: true }
    : {
        outDir: `releases/${buildId}`,
        emptyOutDir: true,
        sourcemap: true,
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // First, so the groups below, which take what their modules import, leave
                // the start-up script's own modules to it.
                {
                  name: (id: string, ctx: ChunkingContext) =>
                    entryModules(ctx).has(id) ? 'index' : null,
                  priority: 3,
                },
                {
                  name: (id: string) => (id === SERVICE_WORKER ? 'service-worker' : null),
                  priority: 2,
                },
                { name: startupChunk, debugName: 'startup', priority: 1 },
              ],
            },
          },
        },
      },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
      '/uploads': 'http://127.0.0.1:3000',
    },
  },
}));

function clientPlugins(): Pick<UserConfig, 'plugins'> {
  return {
    plugins: [
      react(),
      {
        name: 'brand-colour',
        transformIndexHtml: (html) => html.replaceAll('%BRAND_COLOR%', BRAND.color),
      },
      localeMessagesPlugin(`${src}/locales`),
      buildInfoPlugin(buildId),
      routePreloadsPlugin(src, buildId, APP_START),
      compileHintsPlugin(['startup']),
      precompressPlugin(),
      // One service worker, /sw.js with scope / (DESIGN "Contract details"); the server
      // serves /manifest.webmanifest, and src/lib/service-worker.ts registers the worker.
      VitePWA({
        strategies: 'generateSW',
        filename: 'sw.js',
        scope: '/',
        manifest: false,
        injectRegister: false,
        registerType: 'prompt',
        workbox: {
          // The shell only (issue 24): the page, the start-up script and styles.
          globPatterns: ['index.html', 'assets/{index,startup}-*.{js,css}', 'favicon.svg'],
          globIgnores: ['sw-push.js', 'builds/**'],
          cleanupOutdatedCaches: true,
          navigateFallback: '/index.html',
          navigateFallbackDenylist: [
            /^\/api(?:\/|$)/,
            /^\/uploads\//,
            /^\/_dev(?:\/|$)/,
            /^\/builds\//,
            /^\/manifest\.webmanifest/,
          ],
          navigateFallbackAllowlist: navigationAllowlist,
          importScripts: ['/sw-push.js'],
          // Nothing else is handled by the worker: chunks (named by their content, kept a year)
          // and locale tables (a day, or revalidated when uncacheable) are cached on first use
          // by the browser's HTTP cache, which also answers offline. A runtime cache here kept
          // a waiting update from taking over while prefetched chunks went through it.
          runtimeCaching: [
            {
              urlPattern: renderedPages,
              handler: 'NetworkOnly',
              options: { precacheFallback: { fallbackURL: '/index.html' } },
            },
          ],
        },
      }),
    ],
  };
}
