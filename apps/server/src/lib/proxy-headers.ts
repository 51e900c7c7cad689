import type { IncomingHttpHeaders } from 'node:http';

/** A header a reverse proxy or load balancer adds (`X-Forwarded-*` covers For, Host, Proto…). */
const PROXY_HEADER = /^(forwarded|x-forwarded-.*|x-real-ip|via)$/i;

/**
 * Whether the request says it came through a proxy. Behind a proxy on the same machine the
 * peer address is loopback for every visitor, so only these headers tell a developer's own
 * browser from the internet.
 */
export const cameThroughProxy = (headers: IncomingHttpHeaders): boolean =>
  Object.keys(headers).some((name) => PROXY_HEADER.test(name));
