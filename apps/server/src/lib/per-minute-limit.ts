/** Keys one minute may hold. */
const MAX_KEYS = 10_000;

/**
 * A per-key count in this instance's memory over a clock minute (page renderings, forged
 * webhook ids): `true` while `key` has had at most `perMinute` hits in the current minute. For
 * limits that guard against a flood of cheap calls, where a database write per call would
 * itself be the cost; each instance counts for itself. `null`: no limit.
 */
export function perMinuteLimit(perMinute: number | null): (key: string) => boolean {
  let hits = new Map<string, number>();
  let windowStart = Date.now();
  return (key) => {
    if (perMinute === null) return true;
    // A new minute starts a new map: the old one, with every key a flood left, goes at once.
    if (Date.now() - windowStart >= 60_000) {
      hits = new Map();
      windowStart = Date.now();
    }
    const count = (hits.get(key) ?? 0) + 1;
    // Many addresses at once (a flood from a network's worth of them) may not grow the
    // map without end: past MAX_KEYS a new key is refused until the minute ends.
    if (count === 1 && hits.size >= MAX_KEYS) return false;
    hits.set(key, count);
    return count <= perMinute;
  };
}
