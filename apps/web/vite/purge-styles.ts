import { fileURLToPath } from 'node:url';
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import type { AcceptedPlugin, Plugin } from 'postcss';

const web = fileURLToPath(new URL('..', import.meta.url));
const shared = fileURLToPath(new URL('../../../packages/shared/src', import.meta.url));
/** The stylesheet that holds Bootstrap and the app's own rules. */
const APP_STYLES = `${web}src/styles/app.scss`;

/**
 * Where the app's class names are written. A class the stylesheet styles but none of
 * these files spells is dropped; the app composes few class names from parts, and those
 * are kept by SAFELIST.
 */
const CONTENT = [`${web}index.html`, `${web}src/**/*.{ts,tsx,json}`, `${shared}/**/*.ts`];

/**
 * Class names the app builds from parts (grep `-${` in the sources), and those a library
 * adds at run time to elements the app styles.
 */
const SAFELIST = [
  'active', // React Router's NavLink marks the current tab and menu entry with it
  /^modal-(sm|md|lg|xl)$/, // components/modal.tsx: `modal-${size}`
  /^app-[a-z0-9-]+-page$/, // app/layouts/root-layout.tsx: `app-${route.name}-page`
  /^template-/, // root-layout.tsx: `template-${TEMPLATE_NAME}`
  /^kind-/, // notification-item.tsx: `kind-${n.kind}`
  /^design-/, // lib/design-version.ts: `design-${version}`
];

/**
 * Bootstrap's modules come whole: 217 KB of rules of which the app uses a fifth, and every
 * page parses and matches all of them before its first paint. The app's stylesheet keeps
 * only the rules whose classes the app writes (decision 049). The toasts' stylesheet is
 * left whole: react-toastify builds its class names from parts.
 */
export function purgeAppStyles(): AcceptedPlugin {
  const purge = purgeCSSPlugin({
    content: CONTENT,
    skippedContentGlobs: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    safelist: { standard: SAFELIST },
  }) as Plugin;
  return {
    postcssPlugin: 'amora-purge-app-styles',
    OnceExit(root, helpers) {
      if (root.source?.input.file !== APP_STYLES) return;
      return purge.OnceExit?.(root, helpers);
    },
  };
}
