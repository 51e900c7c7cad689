import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberCache } from '../members/member-cache.js';
import type { ProfileRecord } from '../members/profile.repository.js';
import { SearchCache } from './search-cache.js';

function setUp(listMs = 10_000) {
  const clock = new MemberCache<{ memberId: number }, unknown>();
  clock.up();
  const cache = new SearchCache(clock, listMs);
  let reads = 0;
  const matches = (key = 'women in NL', ids = [3, 2, 1]) =>
    cache.matches(key, async () => {
      reads += 1;
      return ids;
    });
  return { clock, cache, matches, reads: () => reads };
}

const record = (id: number, name: string) =>
  ({
    profile: { member_id: id, name },
    fictional: false,
    images: [],
    viewerSeesFlagged: false,
  }) as unknown as ProfileRecord;

afterEach(() => vi.useRealTimers());

describe('SearchCache lists of matches', () => {
  it('shares one read between searches until any member changes', async () => {
    const { clock, matches, reads } = setUp();
    const [first, second] = await Promise.all([matches(), matches()]);
    expect(first).toEqual([3, 2, 1]);
    expect(second).toBe(first);
    expect(reads()).toBe(1);
    await matches();
    expect(reads()).toBe(1);
    await matches('men in NL');
    expect(reads()).toBe(2);

    clock.changed([99]);
    expect(await matches('women in NL', [4, 3, 2, 1])).toEqual([4, 3, 2, 1]);
    expect(reads()).toBe(3);
  });

  it('reads again once the list is older than its time', async () => {
    vi.useFakeTimers({ now: 0 });
    const { matches, reads } = setUp(10_000);
    await matches();
    vi.setSystemTime(9_999);
    await matches();
    expect(reads()).toBe(1);
    vi.setSystemTime(10_000);
    await matches();
    expect(reads()).toBe(2);
  });

  it('keeps nothing while the member cache is not listening, nor a read that failed', async () => {
    const { clock, cache, matches, reads } = setUp();
    clock.down();
    await matches();
    await matches();
    expect(reads()).toBe(2);

    clock.up();
    await expect(cache.matches('k', () => Promise.reject(new Error('gone')))).rejects.toThrow();
    expect(await cache.matches('k', async () => [7])).toEqual([7]);
  });
});

describe('SearchCache profile records', () => {
  it('reads only the members it does not hold, and a changed member again', async () => {
    const { clock, cache } = setUp();
    const asked: number[][] = [];
    const read = async (missing: number[]) => {
      asked.push(missing);
      return new Map(missing.map((id) => [id, record(id, `name ${id} read ${asked.length}`)]));
    };
    await cache.profiles([1, 2], read);
    const found = await cache.profiles([1, 2, 3], read);
    expect(asked).toEqual([[1, 2], [3]]);
    expect(found.get(1)?.profile.name).toBe('name 1 read 1');

    clock.changed([2]);
    const again = await cache.profiles([1, 2, 3], read);
    expect(asked.at(-1)).toEqual([2]);
    expect(again.get(2)?.profile.name).toBe('name 2 read 3');
  });

  it('does not keep a record read while its member changed, nor one no longer found', async () => {
    const { clock, cache } = setUp();
    const asked: number[][] = [];
    await cache.profiles([1], async (missing) => {
      asked.push(missing);
      clock.changed([1]); // heard while the read was under way
      return new Map([[1, record(1, 'old')]]);
    });
    await cache.profiles([5], async (missing) => {
      asked.push(missing);
      return new Map(); // not listed any more (banned, hidden)
    });
    await cache.profiles([1, 5], async (missing) => {
      asked.push(missing);
      return new Map();
    });
    expect(asked).toEqual([[1], [5], [1, 5]]);
  });
});
