import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { redirectLocation } from '@amora/shared/rules/route-redirects';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * `ROUTE_REDIRECTS` (docs/decisions/039): a GET or HEAD of a source path answers 302 to its
 * target, and the build's `builds/meta/{buildId}.json` is answered with the redirects added,
 * so the app applies them to its own navigation. Registered before the web app's files.
 */
export const routeRedirectsPlugin = fp(async (app: FastifyInstance) => {
  const redirects = app.config.routeRedirects;
  if (Object.keys(redirects).length > 0) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const [path = '', query = ''] = request.url.split(/\?(.*)/s, 2);
      const target = redirects[path];
      if (target === undefined) return;
      return reply.redirect(redirectLocation(target, query), 302);
    });
  }

  // The build writes the file; the redirects are the running server's configuration. The
  // build this instance started with, as the web app's files (plugins/web-app.ts).
  const { webDist } = app.config;
  const webRoot = existsSync(webDist) ? realpathSync(webDist) : webDist;
  app.get<{ Params: { file: string } }>(
    '/builds/meta/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      if (!/^[\w-]+\.json$/.test(file)) return reply.callNotFound();
      let meta: Record<string, unknown>;
      try {
        meta = JSON.parse(await readFile(join(webRoot, 'builds', 'meta', file), 'utf8'));
      } catch {
        return reply.callNotFound();
      }
      return reply.header('cache-control', 'no-cache').send({ ...meta, redirects });
    },
  );
});
