/** Small deterministic random helpers for the demo seeder (never for anything security-related). */

export type Rnd = () => number;

/** 32-bit hash of a string (FNV-1a followed by a murmur-style finaliser). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function createRng(seed: number | string): Rnd {
  let state = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [min, max] (inclusive). */
export function randomInt(rnd: Rnd, min: number, max: number): number {
  return min + Math.floor(rnd() * (max - min + 1));
}

export function chance(rnd: Rnd, probability: number): boolean {
  return rnd() < probability;
}

export function pick<T>(rnd: Rnd, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick() from an empty list');
  return items[Math.floor(rnd() * items.length)] as T;
}

/** Picks from `[value, weight]` pairs, proportionally to the weights. */
export function pickWeighted<T>(rnd: Rnd, entries: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, weight] of entries) total += weight;
  let point = rnd() * total;
  for (const [value, weight] of entries) {
    point -= weight;
    if (point < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new Error('pickWeighted() from an empty list');
  return last[0];
}

/** `count` distinct items, in random order (Fisher-Yates on a copy). */
export function sample<T>(rnd: Rnd, items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, Math.min(count, copy.length));
}
