/**
 * Where a configured redirect (`ROUTE_REDIRECTS`, decision 039) sends a request or a
 * navigation. One function for the server's 302 and the app's own navigation, so both
 * agree: an internal target keeps the query (campaign parameters survive), an external one
 * never gets it (tracking ids and tokens must not reach a partner).
 */
export function redirectLocation(target: string, query: string): string {
  const search = query.replace(/^\?/, '');
  if (!target.startsWith('/') || !search) return target;
  // The query belongs before a fragment; after `#` the browser would never send it.
  const hashAt = target.indexOf('#');
  const [path, hash] = hashAt < 0 ? [target, ''] : [target.slice(0, hashAt), target.slice(hashAt)];
  return `${path}${path.includes('?') ? '&' : '?'}${search}${hash}`;
}

/** The path of an internal target, without its query or fragment; null for an external one. */
export function internalTargetPath(target: string): string | null {
  return target.startsWith('/') ? (target.split(/[?#]/, 1)[0] ?? target) : null;
}
