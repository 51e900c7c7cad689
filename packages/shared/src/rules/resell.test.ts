import { describe, expect, it } from 'vitest';
import { isResellEligible, RESELL_MIN_MEMBERSHIP_MS, TILE_SLOTS, tileAt } from './resell.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const eligible = {
  loggedIn: true,
  paid: false,
  signupDate: new Date(now.getTime() - RESELL_MIN_MEMBERSHIP_MS - 1),
  now,
  memberResell: ['cams', 'camads'],
};

describe('isResellEligible', () => {
  it('uses the spec’s 4 days, 345 600 000 ms', () => {
    expect(RESELL_MIN_MEMBERSHIP_MS).toBe(345_600_000);
    expect(RESELL_MIN_MEMBERSHIP_MS).toBe(4 * 24 * 60 * 60 * 1000);
  });

  it('lets a logged-in, non-paying member who signed up more than 4 days ago see tiles', () => {
    expect(isResellEligible(eligible)).toBe(true);
  });

  it('counts strictly more than 4 days: the exact moment is not enough', () => {
    const at = (msAgo: number) => new Date(now.getTime() - msAgo);
    expect(isResellEligible({ ...eligible, signupDate: at(RESELL_MIN_MEMBERSHIP_MS) })).toBe(false);
    expect(isResellEligible({ ...eligible, signupDate: at(RESELL_MIN_MEMBERSHIP_MS - 1) })).toBe(
      false,
    );
    expect(isResellEligible({ ...eligible, signupDate: at(RESELL_MIN_MEMBERSHIP_MS + 1) })).toBe(
      true,
    );
    expect(isResellEligible({ ...eligible, signupDate: at(0) })).toBe(false);
    // A signup date in the future (clock skew) is not old enough either.
    expect(isResellEligible({ ...eligible, signupDate: at(-60_000) })).toBe(false);
  });

  it('takes the signup date as an ISO string (user.signup_date) or epoch ms, and now as ms', () => {
    const iso = new Date(now.getTime() - RESELL_MIN_MEMBERSHIP_MS - 1000).toISOString();
    expect(isResellEligible({ ...eligible, signupDate: iso })).toBe(true);
    expect(isResellEligible({ ...eligible, signupDate: Date.parse(iso), now: now.getTime() })).toBe(
      true,
    );
  });

  it('says no to a logged-out visitor and to a paying member', () => {
    expect(isResellEligible({ ...eligible, loggedIn: false })).toBe(false);
    expect(isResellEligible({ ...eligible, paid: true })).toBe(false);
  });

  it('needs cams or camads in settings.member_resell', () => {
    expect(isResellEligible({ ...eligible, memberResell: ['cams'] })).toBe(true);
    expect(isResellEligible({ ...eligible, memberResell: ['camads'] })).toBe(true);
    expect(isResellEligible({ ...eligible, memberResell: [] })).toBe(false);
    expect(isResellEligible({ ...eligible, memberResell: ['ads', 'CAMS'] })).toBe(false);
  });

  it('says no when the signup date is missing or unreadable', () => {
    expect(isResellEligible({ ...eligible, signupDate: null })).toBe(false);
    expect(isResellEligible({ ...eligible, signupDate: undefined })).toBe(false);
    expect(isResellEligible({ ...eligible, signupDate: 'not a date' })).toBe(false);
    expect(isResellEligible({ ...eligible, now: Number.NaN })).toBe(false);
  });
});

describe('tileAt', () => {
  it('has a webcam tile at index mod 12 = 1 and an ad tile at index mod 12 = 5', () => {
    expect(TILE_SLOTS).toEqual({ cams: 1, ads: 5, every: 12 });
    const firstPage = Array.from({ length: 12 }, (_, i) => tileAt(i));
    expect(firstPage).toEqual([
      null,
      'cams',
      null,
      null,
      null,
      'ads',
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('repeats every 12 results: two tiles per 12', () => {
    for (const i of [13, 25, 121, 1201]) expect(tileAt(i)).toBe('cams');
    for (const i of [17, 29, 125, 1205]) expect(tileAt(i)).toBe('ads');
    const tiles = Array.from({ length: 120 }, (_, i) => tileAt(i)).filter(Boolean);
    expect(tiles).toHaveLength(20);
  });

  it('has no tile for negative or fractional indices', () => {
    expect(tileAt(-11)).toBeNull();
    expect(tileAt(-7)).toBeNull();
    expect(tileAt(1.5)).toBeNull();
    expect(tileAt(Number.NaN)).toBeNull();
  });
});
