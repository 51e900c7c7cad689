import { BRAND } from '@amora/shared/brand';
import { LOCALE_INFO, type Locale } from '@amora/shared/constants';
import type { FastifyPluginAsync } from 'fastify';
import { readStoredSettings } from '../modules/site/site.repository.js';

/** Launchers show about 12 characters under an icon. */
const SHORT_NAME_MAX = 12;

function shortNameOf(name: string): string {
  if (name.length <= SHORT_NAME_MAX) return name;
  const firstWord = name.split(/\s+/)[0] ?? name;
  return firstWord.length <= SHORT_NAME_MAX ? firstWord : name.slice(0, SHORT_NAME_MAX);
}

/** Web app manifest (spec section 1) built from the stored site settings. */
export function buildManifest(settings: { name: string; domain_language: string }) {
  const { name, domain_language: language } = settings;
  return {
    id: '/',
    name,
    short_name: shortNameOf(name),
    description: `${name}: meet people near you. Sign up for free, search members, like and chat.`,
    lang: LOCALE_INFO[language as Locale]?.tag ?? language,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: BRAND.color,
    background_color: BRAND.background,
    categories: ['social', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}

/** `GET /manifest.webmanifest`: the installable app's manifest, named after the site. */
export const manifestRoutes: FastifyPluginAsync = async (app) => {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
    const manifest = buildManifest(await readStoredSettings(app.db));
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(manifest));
  });
};
