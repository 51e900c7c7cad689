/**
 * Whether a subscription's endpoint is a push service we post to: its host is one of
 * `hosts` or a subdomain of one, over https (plain http only on the loopback, for tests).
 * Browsers hand out endpoints of a few known services; anything else would make the server
 * post to an address of the caller's choosing.
 */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return false;
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
