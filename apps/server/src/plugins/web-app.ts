import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_PACKAGE_HEADER, LOCALE_INFO } from '@amora/shared/constants';
import { RENDER_COOKIES, START_PRELOADS_ID } from '@amora/shared/page-marks';
import { type AppRoute, matchRoute } from '@amora/shared/routes';
import { LOCALE_COOKIE, LOCALE_MESSAGES_MAX_AGE_SECONDS } from '@amora/shared/rules/locale';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../lib/client-address.js';
import { escapeHtml } from '../lib/plain-page.js';
import { decodedPath } from '../lib/route-path.js';
import { SESSION_COOKIE } from '../modules/auth/session.service.js';
import { hasCamFeed } from '../modules/cams/choose-cam-feed.js';
import { isPhotoObjectName } from '../modules/images/image.repository.js';
import { PHOTO_CACHE_CONTROL } from '../modules/media/object-store.js';
import { settingsForRequest } from '../modules/site/settings.service.js';
import { readCompanyInfo, readStoredSettings } from '../modules/site/site.repository.js';
import { hidesDemo } from './demo-behind-proxy.js';
import { pageLocale, pagePreloads } from './page-preloads.js';
import { pageRenderer, type RenderedPage } from './page-render.js';

/** Hashed assets forever, locale files for a day (spec section 9), everything else revalidated. */
function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (path.startsWith('/_i18n/')) return `public, max-age=${LOCALE_MESSAGES_MAX_AGE_SECONDS}`;
  return 'no-cache';
}

/** The image store's flat names (`<uuid>.webp`, `<uuid>-thumb.webp`): nothing else is served. */
const UPLOAD_NAME = /^[A-Za-z0-9_-]+\.[a-z0-9]+$/;

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Amora</title></head>
<body><main><h1>Amora</h1><p>The web app has not been built yet: run <code>npm start</code>.</p></main></body></html>`;

const isApiPath = (path: string) => path.startsWith('/api/') || path === '/api';

/**
 * The app's page with the server's rendering of it, in the language it was rendered in.
 * The page shows without its scripts, so they load after the styles and pictures it shows
 * (`fetchpriority="low"`), which a phone's thin connection would otherwise share with them.
 * A page whose app starts after load (decision 054) keeps the app's preloads in a
 * `<template>` until then: nothing of the app competes with what the page shows.
 */
function withRenderedPage(indexHtml: string, links: string, page: RenderedPage, lang: string) {
  const preloads = page.startsAfterLoad
    ? `<template id="${START_PRELOADS_ID}">${links}</template>`
    : links.replace(
        /<link rel="modulepreload" /g,
        '<link rel="modulepreload" fetchpriority="low" ',
      );
  // Replacer functions throughout: in a replacement string `$\`` and `$'` stand for the
  // text before and after the match, so a member or company name holding them copied the
  // document into the page.
  return indexHtml
    .replace(/<html lang="[^"]*"/, () => `<html lang="${lang}"`)
    .replace(/<title>[^<]*<\/title>/, (title) =>
      page.title === null ? title : `<title>${escapeHtml(page.title)}</title>`,
    )
    .replace('</head>', () => `${preloads}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`)
    .replace('</body>', () => `${page.data}</body>`);
}

/**
 * Writes `<build>/.amora/instances/<pid>-<random>` while this app serves that build, so a
 * later build of the checkout does not prune it (scripts/prepare.mjs, decision 022).
 * Best effort: a read-only build folder is served all the same.
 */
function recordInstance(app: FastifyInstance, webRoot: string) {
  const dir = join(webRoot, '.amora', 'instances');
  const record = join(dir, `${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(record, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
  } catch (error) {
    app.log.debug({ err: error, webRoot }, 'could not record this instance in its web build');
    return;
  }
  app.addHook('onClose', async () => rmSync(record, { force: true }));
}

/**
 * Serves the built web app and uploads. Every known client route answers the app's
 * index.html with 200; any other path answers it with 404, and the app shows
 * 'Page not found'. API paths get JSON errors instead.
 *
 * `WEB_DIST` (by default `apps/web/dist`, a link to the newest build) is resolved once, so
 * this instance keeps serving the build it started with while the checkout is rebuilt.
 */
export const webAppPlugin = fp(async (app: FastifyInstance) => {
  const built = existsSync(app.config.webDist);
  const webRoot = built ? realpathSync(app.config.webDist) : app.config.webDist;
  const indexPath = join(webRoot, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : NOT_BUILT;
  const preloadsFor = pagePreloads(webRoot);
  const { rateLimit } = app.config;
  const renderPage = pageRenderer({
    webRoot,
    log: app.log,
    rendersPerMinute: rateLimit.enabled ? rateLimit.pageRendersPerMinute : null,
    // Read for a rendering only, not for every page a visitor loads.
    companyInfo: () => readCompanyInfo(app.db),
  });

  /** A visitor's page rendered on the server; null for a member or any other page. */
  const renderedFor = async (request: FastifyRequest, route: AppRoute | null) => {
    if (!route?.rendersOnServer || request.cookies?.[SESSION_COOKIE]) {
      return null;
    }
    const locale = pageLocale(request.cookies?.[LOCALE_COOKIE], request.headers['accept-language']);
    const settings = await settingsForRequest(app.db, request, {
      demo: app.config.mode === 'demo',
      partnerCams: hasCamFeed(app.config),
    });
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    // The page's reads go through the API in this process, as this visitor: same rules,
    // same limits, same answers as the app's own calls.
    const calls = async (path: string) => {
      const answer = await app.inject({
        method: 'GET',
        url: path,
        remoteAddress: request.ip,
        headers: {
          accept: 'application/json',
          'accept-language': request.headers['accept-language'] ?? '',
          [APP_PACKAGE_HEADER]: 'web',
        },
      });
      return new Response(answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };
    // Of the request, the rendering reads the page's address and language, and these
    // cookies of the visitor's alone.
    const cookies: Record<string, string> = {};
    for (const name of RENDER_COOKIES) {
      const value = request.cookies?.[name];
      if (value !== undefined) cookies[name] = value;
    }
    const page = await renderPage(
      { url, locale, settings, cookies, calls },
      addressKey(request.ip),
    );
    return page && { page, lang: LOCALE_INFO[locale].tag };
  };

  // Photos by their flat names (`<uuid>.webp`), streamed from the uploads store (a folder or
  // a bucket), whatever `cdn_prefix` says: a CDN may fetch them from here. Only names a photo
  // row holds are served, so a removed photo answers 404 at once, while its `media_delete`
  // job may still be removing its objects.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/:name',
    schema: { hide: true },
    async handler(request, reply) {
      const { name } = request.params as { name: string };
      if (!UPLOAD_NAME.test(name) || !(await isPhotoObjectName(app.db, name))) {
        return reply.callNotFound();
      }
      const ifNoneMatch = request.headers['if-none-match'];
      const opened = await app.media.uploads.open(name, ifNoneMatch);
      if (opened === null) return reply.callNotFound();
      reply.header('cache-control', PHOTO_CACHE_CONTROL);
      if (opened === 'not-modified') {
        // The tag the client sent is the stored one (a list only when a client sends one).
        if (ifNoneMatch && !ifNoneMatch.includes(',')) reply.header('etag', ifNoneMatch.trim());
        return reply.code(304).send();
      }
      reply
        .type(opened.contentType)
        .header('etag', opened.etag)
        .header('last-modified', opened.lastModified.toUTCString())
        .header('content-length', opened.size);
      if (request.method === 'HEAD') {
        opened.body.destroy();
        return reply.send();
      }
      return reply.send(opened.body);
    },
  });
  // A locale the settings list as uncacheable is revalidated on every load (spec section 7).
  app.addHook('onSend', async (request, reply) => {
    const locale = /^\/_i18n\/([a-z]{2})\//.exec(request.url)?.[1];
    if (!locale || reply.statusCode >= 400) return;
    const { uncacheable_locales } = await readStoredSettings(app.db);
    if ((uncacheable_locales as readonly string[]).includes(locale)) {
      reply.header('cache-control', 'no-cache');
    }
  });
  if (built) {
    recordInstance(app, webRoot);
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      index: false,
      decorateReply: false,
      // A build never changes once made (decision 022): a route for each of its files, found
      // once at start, instead of the wildcard route, which lists every folder on a file's
      // path for each request.
      wildcard: false,
      // Answered with the configured redirects added (plugins/route-redirects.ts).
      globIgnore: ['builds/meta/**'],
      // The build writes `.br` and `.gz` beside each text file: sent as they are.
      preCompressed: true,
      // `.amora/` holds the build's records, nothing a browser needs.
      dotfiles: 'ignore',
      setHeaders(reply, path) {
        reply.header('cache-control', cacheControlFor(path.slice(webRoot.length)));
      },
    });
  }

  const sendApp = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    route: AppRoute | null,
  ) => {
    const { uncacheable_locales } = await readStoredSettings(app.db);
    const links = preloadsFor(
      route?.name ?? null,
      request.cookies?.[LOCALE_COOKIE],
      request.headers['accept-language'],
      uncacheable_locales,
    );
    const rendered = status === 200 ? await renderedFor(request, route) : null;
    return (
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        // The language and the session decide whether and how the page comes rendered.
        .header('vary', 'accept-language, cookie')
        .send(
          rendered
            ? withRenderedPage(indexHtml, links, rendered.page, rendered.lang)
            : indexHtml.replace('</head>', () => `${links}</head>`),
        )
    );
  };

  app.setNotFoundHandler((request, reply) => {
    const path = decodedPath(request);
    // A form of a server-rendered page sent before the app took over (decision 046): the
    // page again, its fields dropped unread.
    if (request.method === 'POST' && !isApiPath(path) && matchRoute(path)) {
      return reply.redirect(request.url, 303);
    }
    if (isApiPath(path) || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: `No such call: ${request.method} ${path}` } });
    }
    const found = matchRoute(path);
    // Production leaves the demo's pages out of the route table (decision 029), and so does
    // a demo nobody chose for a visitor who came through a proxy (issue 39).
    const demo = app.config.mode === 'demo' && !hidesDemo(app.config, request.headers);
    const match = found?.route.demoOnly && !demo ? null : found;
    if (match?.route.redirectTo) return reply.redirect(match.route.redirectTo);
    return sendApp(request, reply, match ? 200 : 404, match?.route ?? null);
  });

  // "/" is a client route too; give it the app explicitly so static index lookup never wins.
  const home = matchRoute('/')!.route;
  app.get('/', { schema: { hide: true } }, (request, reply) => sendApp(request, reply, 200, home));
});
