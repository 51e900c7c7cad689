import type { IncomingHttpHeaders } from 'node:http';
import { LOCALE_COOKIE } from '@amora/shared/rules/locale';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/config.js';
import { forbidden } from '../lib/errors.js';
import { cameThroughProxy } from '../lib/proxy-headers.js';
import { decodedPath, isUnder } from '../lib/route-path.js';
import { demoBehindProxyPage } from './demo-behind-proxy-page.js';
import { pageLocale } from './page-preloads.js';

/**
 * A demo nobody asked for is not served to the internet (issue 39): a server started
 * without `MODE` on a loopback `HOST` is a developer's demo (config/mode.ts), but nginx on
 * the same machine forwards every visitor to such an address, and the demo has a published
 * admin login and a free checkout. So while the mode was inferred, a request that came
 * through a proxy gets 403: `demo_not_behind_proxy` from the API, a short page naming
 * `MODE=production` and `MODE=demo` everywhere else. `/api/health` answers as usual (load
 * balancers' checks come through the proxy too), and `/_dev` answers the 404 production
 * answers (web-app.ts asks `hidesDemo`). An explicit `MODE=demo` is served.
 */
export const demoBehindProxyPlugin = fp(async (app: FastifyInstance) => {
  if (app.config.mode !== 'demo' || app.config.modeExplicit) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!hidesDemo(app.config, request.headers)) return;
    if (request.routeOptions.url === '/api/health') return;
    if (isUnder(request, '/_dev/') || decodedPath(request) === '/_dev') return reply.callNotFound();
    if (isUnder(request, '/api/')) {
      throw forbidden(
        'demo_not_behind_proxy',
        'This server is a demo because MODE is not set, and it does not serve requests through a proxy: set MODE=production (or MODE=demo on purpose)',
      );
    }
    const locale = pageLocale(request.cookies?.[LOCALE_COOKIE], request.headers['accept-language']);
    return reply
      .code(403)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(demoBehindProxyPage(locale));
  });
});

/** Whether this request must not see the demo: an inferred demo, reached through a proxy. */
export const hidesDemo = (
  config: Pick<AppConfig, 'mode' | 'modeExplicit'>,
  headers: IncomingHttpHeaders,
): boolean => config.mode === 'demo' && !config.modeExplicit && cameThroughProxy(headers);
