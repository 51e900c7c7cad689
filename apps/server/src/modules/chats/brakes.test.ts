import { describe, expect, it } from 'vitest';
import { nextStartAllowedAt, normaliseText, textFingerprint } from './brakes.js';

describe('normaliseText', () => {
  it('ignores case, spacing and digits', () => {
    expect(normaliseText('  Hi   Anna,\n call me at 0612345678 ')).toBe('hi anna, call me at');
    expect(textFingerprint('HELLO dear 12')).toBe(textFingerprint('hello  dear 99'));
    expect(textFingerprint('hello dear')).not.toBe(textFingerprint('hello there'));
  });
});

describe('nextStartAllowedAt', () => {
  const brakes = { newMemberConversationsPerHour: 2, newMemberConversationsPerDay: 3 };
  const now = new Date('2026-11-24T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('lets a new member start while under both limits', () => {
    expect(nextStartAllowedAt([ago(10)], ago(120), now, brakes)).toBeNull();
  });

  it('waits for the oldest start of the hour to leave it', () => {
    expect(nextStartAllowedAt([ago(50), ago(10)], ago(120), now, brakes)).toEqual(ago(50 - 60));
  });

  it('with a full day, waits until the member stops being new', () => {
    // Every start is after the signup, so the day's oldest leaves its window no earlier.
    const starts = [ago(300), ago(200), ago(100)];
    expect(nextStartAllowedAt(starts, ago(360), now, brakes)).toEqual(ago(360 - 24 * 60));
  });

  it('never brakes a member who signed up 24 hours ago or more', () => {
    expect(nextStartAllowedAt([ago(5), ago(4), ago(3)], ago(24 * 60), now, brakes)).toBeNull();
  });
});
