import { isIP } from 'node:net';

/** What Fastify's `trustProxy` takes: no proxy, a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

const isAddressOrRange = (value: string): boolean => {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * `TRUST_PROXY`: `false` (the default: the peer is the client), `true` (one proxy in
 * front), a hop count, or a comma list of the proxies' addresses and CIDR ranges. Only
 * what a proxy the operator runs appended is believed: the client sets the rest of
 * `X-Forwarded-For` itself. Returns null for anything else, which stops the start.
 */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.length > 0 && entries.every(isAddressOrRange) ? entries : null;
}

/**
 * The value for Fastify's `trustProxy`. Fastify ignores a bare hop count (it cannot check
 * the immediate peer, so it trusts nobody); a count here means "the last N hops are
 * proxies the operator runs", which holds when only those proxies can reach the port.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust === 0 ? false : (_address, hop) => hop < trust;
  return trust;
}
