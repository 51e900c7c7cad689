import type { FastifyRequest } from 'fastify';

/** The request's path, percent-decoded and with repeated slashes folded, as the router reads it. */
export function decodedPath(request: FastifyRequest): string {
  const raw = request.url.split('?')[0] ?? '/';
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // A malformed escape reaches no route; judge the raw spelling.
  }
  return path.replace(/\/{2,}/g, '/');
}

/**
 * Whether a request belongs under `prefix` (such as `/api/`), judged by the route the
 * router matched and by the decoded path, never by the raw URL alone: `/%61pi/login.php`
 * reaches the login handler while its raw spelling does not start with `/api/`.
 */
export function isUnder(request: FastifyRequest, prefix: string): boolean {
  const matched = request.routeOptions.url;
  return (matched?.startsWith(prefix) ?? false) || decodedPath(request).startsWith(prefix);
}
