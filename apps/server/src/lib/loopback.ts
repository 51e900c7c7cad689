/** An IP address of this machine only: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export const isLoopbackAddress = (ip: string): boolean =>
  ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

/** A host name or address (a `Host` header's port and brackets are ignored) naming this machine only. */
export function isLoopbackHost(host: string): boolean {
  const lower = host.toLowerCase();
  // A bare IPv6 address has several colons and no port; `[::1]:3000` and `name:3000` have one.
  const name = lower.startsWith('[')
    ? lower.replace(/^\[(.*)\](:\d+)?$/, '$1')
    : lower.split(':').length === 2
      ? lower.replace(/:\d+$/, '')
      : lower;
  return name === 'localhost' || isLoopbackAddress(name);
}
