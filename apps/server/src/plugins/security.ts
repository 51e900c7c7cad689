import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { addressKey } from '../lib/client-address.js';
import { isUnder } from '../lib/route-path.js';
import { bucketOrigin } from '../modules/media/private-links.js';
import { readStoredSettings } from '../modules/site/site.repository.js';

/**
 * What a page of ours may ask the browser for: the position (the signup's "use my location")
 * and the camera (the verification selfie, issue 48), nothing else. Only documents need it:
 * the browser reads it from the page's own answer.
 */
export const PERMISSIONS_POLICY =
  'geolocation=(self), camera=(self), microphone=(), payment=(), usb=()';

/**
 * The Content-Security-Policy: what the app's pages may load, with `images` the origins
 * pictures come from besides ours (an absolute `cdn_prefix`).
 */
function contentSecurityPolicy(images: readonly string[]): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...images],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

const CSP = 'content-security-policy';

/** The origin of an absolute `cdn_prefix` (a CDN, a bucket's address); null for a path of ours. */
function cdnOrigin(cdnPrefix: string): string | null {
  if (!/^https?:\/\//i.test(cdnPrefix)) return null;
  try {
    return new URL(cdnPrefix).origin;
  } catch {
    return null;
  }
}

/** Security headers, compression, cookies and the per-address call limit. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  // With a bucket, private pictures load from its presigned links (decision 059).
  const bucket = bucketOrigin(config.media);
  const ownImages = bucket ? [bucket] : [];
  const BASE_POLICY = contentSecurityPolicy(ownImages);
  // The policy of pages whose pictures come from a CDN or a bucket, made once per origin.
  const withCdn = new Map<string, string>();
  const cdnPolicy = (origin: string) => {
    let policy = withCdn.get(origin);
    if (policy === undefined) {
      if (withCdn.size >= 8) withCdn.clear();
      policy = contentSecurityPolicy([...new Set([...ownImages, origin])]);
      withCdn.set(origin, policy);
    }
    return policy;
  };
  // One place for every HTML answer (the app's index, its 404 page, static HTML, the dev
  // mailbox, the demo checkout): judged by the type the answer leaves with, whoever set it.
  // Only documents load pictures, so only their policy names the origin of `cdn_prefix`,
  // read as the page is served: a changed setting needs no restart.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && /^text\/html\s*(;|$)/i.test(type)) {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      // A page with a policy of its own (a mail in the dev mailbox) keeps it.
      if (reply.getHeader(CSP) !== BASE_POLICY) return payload;
      const settings = await readStoredSettings(app.db).catch(() => null);
      const origin = settings && cdnOrigin(settings.cdn_prefix);
      if (origin) reply.header(CSP, cdnPolicy(origin));
    }
    return payload;
  });
  // Helmet's middleware made once: @fastify/helmet builds it again for every request. The
  // policy is this plugin's own reply header, so a page may widen or replace it.
  const securityHeaders = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(CSP, BASE_POLICY);
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
