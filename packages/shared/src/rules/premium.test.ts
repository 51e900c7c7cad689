import { describe, expect, it } from 'vitest';
import { isPaidMember } from './premium.js';

describe('a paid member', () => {
  const now = new Date('2026-11-25T12:00:00Z');

  it('is one whose premium runs past now', () => {
    expect(isPaidMember(new Date('2026-11-25T12:00:01Z'), now)).toBe(true);
    expect(isPaidMember('2026-12-25T00:00:00.000Z', now)).toBe(true);
  });

  it('is not one whose premium ended, ends this instant, or never was', () => {
    expect(isPaidMember(new Date('2026-11-25T12:00:00Z'), now)).toBe(false);
    expect(isPaidMember(new Date('2026-01-01T00:00:00Z'), now)).toBe(false);
    expect(isPaidMember(null, now)).toBe(false);
  });
});
