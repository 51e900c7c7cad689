import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoute } from '@amora/shared/routes';
import { LOCALE_MESSAGES_MAX_AGE_SECONDS } from '@amora/shared/rules/locale';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Hashed assets forever, locale files for a day (spec section 9), everything else revalidated. */
function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (path.startsWith('/_i18n/')) return `public, max-age=${LOCALE_MESSAGES_MAX_AGE_SECONDS}`;
  return 'no-cache';
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Amora</title></head>
<body><main><h1>Amora</h1><p>The web app has not been built yet: run <code>npm start</code>.</p></main></body></html>`;

/**
 * Serves the built web app and uploads. Every known client route answers the app's
 * index.html with 200; any other path answers it with 404, and the app shows
 * 'Page not found'. API paths get JSON errors instead.
 */
export const webAppPlugin = fp(async (app: FastifyInstance) => {
  const { webDist, uploadsDir } = app.config;
  const indexPath = join(webDist, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : NOT_BUILT;

  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '365d',
    immutable: true,
  });
  if (existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: true,
      setHeaders(reply, path) {
        reply.header('cache-control', cacheControlFor(path.slice(webDist.length)));
      },
    });
  }

  const sendApp = (reply: FastifyReply, status: number) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api' || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: `No such call: ${request.method} ${path}` } });
    }
    const match = matchRoute(path);
    if (match?.route.redirectTo) return reply.redirect(match.route.redirectTo);
    return sendApp(reply, match ? 200 : 404);
  });

  // "/" is a client route too; give it the app explicitly so static index lookup never wins.
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendApp(reply, 200));
});
