import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { addressKey } from '../lib/client-address.js';
import { isUnder } from '../lib/route-path.js';

/**
 * What a page of ours may ask the browser for: the position (the signup's "use my location"),
 * nothing else. Only documents need it: the browser reads it from the page's own answer.
 */
export const PERMISSIONS_POLICY =
  'geolocation=(self), camera=(), microphone=(), payment=(), usb=()';

/** Security headers, compression, cookies and the per-address call limit. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  // One place for every HTML answer (the app's index, its 404 page, static HTML, the dev
  // mailbox, the demo checkout): judged by the type the answer leaves with, whoever set it.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && /^text\/html\s*(;|$)/i.test(type)) {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    }
    return payload;
  });
  // Helmet's middleware made once: @fastify/helmet builds it again for every request (parsing
  // the CSP directives each time), a tenth of a cached call's time.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  if (config.rateLimit.enabled) {
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimit.perMinute,
      timeWindow: '1 minute',
      // Provider webhooks come from the provider's few addresses, in bursts (app-package.ts).
      allowList: (request) =>
        !isUnder(request, '/api/') || request.routeOptions.config?.providerCallback === true,
      // Every per-address limit groups clients alike: an IPv6 client by its /64.
      keyGenerator: (request) => addressKey(request.ip),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'rate_limited',
        message: `Too many requests, please try again in ${context.after}`,
      }),
    });
  }
});
