import { isIP, isIPv4 } from 'node:net';

/** How many leading bits of an IPv6 address name one client (one subscriber's network). */
export const IPV6_CLIENT_PREFIX_BITS = 64;

/** The eight 16-bit groups of an IPv6 address (zone dropped, a dotted tail and `::` expanded). */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  // `::ffff:1.2.3.4` → `::ffff:102:304`: the last 32 bits written as two groups.
  text = text.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)]
      .map((g) => g.toString(16))
      .join(':'),
  );
  const hex = (part: string) =>
    part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16));
  const [head = '', rest] = text.split('::');
  const left = hex(head);
  if (rest === undefined) return left.length === 8 ? left : null;
  const right = hex(rest);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key under which every per-address limit counts a client: an IPv4 address as it is,
 * an IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`) as that IPv4 address, and any other
 * IPv6 address by its /64 network (`2001:db8:1:2::/64`), since one subscriber is handed a
 * whole /64 and can pick a new address in it for every request. Anything else is kept as
 * given. One function, so that every limit groups clients alike (docs/decisions/027).
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  const prefix = groups.slice(0, IPV6_CLIENT_PREFIX_BITS / 16).map((g) => g.toString(16));
  return `${prefix.join(':')}::/${IPV6_CLIENT_PREFIX_BITS}`;
}
