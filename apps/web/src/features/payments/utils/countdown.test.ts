import { describe, expect, it } from 'vitest';
import { countdownParts } from './countdown';

describe('countdownParts', () => {
  it('shows minutes and seconds under an hour', () => {
    expect(countdownParts(245)).toEqual({ days: 0, clock: '4:05' });
  });
  it('adds the hours, and whole days apart', () => {
    expect(countdownParts(3 * 3600 - 1)).toEqual({ days: 0, clock: '2:59:59' });
    expect(countdownParts(7 * 86_400 - 1)).toEqual({ days: 6, clock: '23:59:59' });
    expect(countdownParts(86_400 + 61)).toEqual({ days: 1, clock: '0:01:01' });
  });
  it('never goes below zero', () => {
    expect(countdownParts(-5)).toEqual({ days: 0, clock: '0:00' });
  });
});
