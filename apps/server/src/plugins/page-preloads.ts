import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chooseLocale } from '@amora/shared/rules/locale';

/** The build's `route-preloads.json` (apps/web/vite/route-preloads.ts). */
interface RoutePreloads {
  build: string;
  /** The app's start and its chunks, loaded after the start-up script (decision 048). */
  start?: string[];
  routes: Record<string, string[]>;
}

/** The browser's languages from `Accept-Language`, most wanted first. */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The locale the app will choose: the language cookie, then the browser's languages. */
export function pageLocale(localeCookie: string | undefined, acceptLanguage: string | undefined) {
  return chooseLocale(localeCookie, acceptedLanguages(acceptLanguage));
}

/**
 * The `<link>`s a page is sent with (issue 24): its screen's scripts as `modulepreload`
 * and the locale table the app will choose (the same shared rule, cookie then browser
 * languages), so a phone fetches them beside the start-up script rather than after it
 * has run. Read from the build's `route-preloads.json`; without it, nothing is added.
 */
export function pagePreloads(webRoot: string) {
  const file = join(webRoot, 'route-preloads.json');
  const preloads: RoutePreloads | null = existsSync(file)
    ? JSON.parse(readFileSync(file, 'utf8'))
    : null;
  return (
    routeName: string | null,
    localeCookie: string | undefined,
    acceptLanguage: string | undefined,
    uncacheableLocales: readonly string[],
  ): string => {
    if (!preloads) return '';
    const locale = pageLocale(localeCookie, acceptLanguage);
    // The app asks with fetch()'s defaults (same-origin credentials): `crossorigin` matches.
    // An uncacheable locale is asked for with `no-cache`, which a preload would not match.
    const links = [
      ...(uncacheableLocales.includes(locale)
        ? []
        : [
            `<link rel="preload" as="fetch" crossorigin href="/_i18n/${locale}/messages.json?v=${preloads.build}">`,
          ]),
      ...[...(preloads.start ?? []), ...(routeName ? (preloads.routes[routeName] ?? []) : [])].map(
        (script) => `<link rel="modulepreload" crossorigin href="${script}">`,
      ),
    ];
    return links.join('');
  };
}
