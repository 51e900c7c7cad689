import { describe, expect, it } from 'vitest';
import { MemberCache, parseMemberChanged } from './member-cache.js';

const session = (memberId: number) => ({ memberId });

describe('MemberCache', () => {
  it('serves nothing until listening, and nothing after the connection dropped', () => {
    const cache = new MemberCache<{ memberId: number }, string>();
    expect(cache.begin()).toBeNull();
    cache.setUser(cache.begin(), 1, 'rows');
    expect(cache.getUser(1)).toBeUndefined();
    cache.up();
    cache.setUser(cache.begin(), 1, 'rows');
    expect(cache.getUser(1)).toBe('rows');
    cache.down();
    expect(cache.getUser(1)).toBeUndefined();
  });

  it('does not keep what a read that began before a change brings back', () => {
    const cache = new MemberCache<{ memberId: number }, string>();
    cache.up();
    const ticket = cache.begin();
    // The change is heard while the read is under way: its rows may be the old ones.
    cache.changed([1]);
    cache.setUser(ticket, 1, 'old rows');
    cache.setSession(ticket, 'token', session(1));
    expect(cache.getUser(1)).toBeUndefined();
    expect(cache.getSession('token')).toBeUndefined();
    // Other members' reads are not held up by it.
    cache.setUser(ticket, 2, 'rows of 2');
    expect(cache.getUser(2)).toBe('rows of 2');
    // A read that began after the change keeps its rows.
    cache.setUser(cache.begin(), 1, 'new rows');
    expect(cache.getUser(1)).toBe('new rows');
  });

  it('forgets a changed member’s sessions and answer, and everything on a clear', () => {
    const cache = new MemberCache<{ memberId: number }, string>();
    cache.up();
    cache.setSession(cache.begin(), 'a', session(1));
    cache.setSession(cache.begin(), 'b', session(2));
    cache.setUser(cache.begin(), 2, 'rows');
    cache.changed([1]);
    expect(cache.getSession('a')).toBeUndefined();
    expect(cache.getSession('b')).toEqual(session(2));
    const ticket = cache.begin();
    cache.clear();
    expect(cache.getSession('b')).toBeUndefined();
    expect(cache.getUser(2)).toBeUndefined();
    cache.setUser(ticket, 3, 'read before the clear');
    expect(cache.getUser(3)).toBeUndefined();
  });

  it('stays within its bound', () => {
    const cache = new MemberCache<{ memberId: number }, string>(3);
    cache.up();
    for (let id = 1; id <= 5; id++) cache.setUser(cache.begin(), id, `rows ${id}`);
    expect([1, 2, 3, 4, 5].filter((id) => cache.getUser(id) !== undefined)).toEqual([3, 4, 5]);
    // Changes of more members than the bound clear everything rather than pile up.
    cache.changed([10, 11, 12, 13]);
    expect(cache.getUser(5)).toBeUndefined();
  });
});

describe('parseMemberChanged', () => {
  it('reads ids, all, and the caught-up marker', () => {
    expect(parseMemberChanged('3,17,250')).toEqual([3, 17, 250]);
    expect(parseMemberChanged('*')).toBe('all');
    expect(parseMemberChanged('')).toEqual([]);
  });
});
