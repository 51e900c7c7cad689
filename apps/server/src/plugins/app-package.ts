import { APP_PACKAGE_HEADER, ORIGINAL_HOST_HEADER } from '@amora/shared/constants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.js';
import { isUnder } from '../lib/route-path.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A payment provider calls this route (a webhook): no X-App-Package and no per-address
     * limit, since the provider cannot send the header and calls from few addresses. The
     * route proves the call itself (a signature, or asking the provider back).
     */
    providerCallback?: boolean;
  }
}

/**
 * State-changing API calls must carry X-App-Package: a cross-site form cannot set a
 * custom header, so this closes CSRF together with the SameSite cookie.
 */
export const appPackagePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (!isUnder(request, '/api/') || !STATE_CHANGING.has(request.method)) return;
    if (request.routeOptions.config?.providerCallback === true) return;
    const appPackage = request.headers[APP_PACKAGE_HEADER];
    if (typeof appPackage !== 'string' || appPackage.trim() === '') {
      throw forbidden('missing_app_package', 'This call must be made from the app');
    }
    const originalHost = request.headers[ORIGINAL_HOST_HEADER];
    if (originalHost) request.log.debug({ originalHost, appPackage }, 'app call');
  });
});
