import { describe, expect, it } from 'vitest';
import { nameLooksLikeLink } from './link-like-name.js';

describe('nameLooksLikeLink', () => {
  it('finds a scheme, www., an at sign or a dot before two letters', () => {
    for (const name of [
      'visit www.spam.com',
      'WWW.SPAM',
      'win.cash',
      'see https://x',
      'ftp://files',
      'me@home',
      'Anna @ work',
      'cheap.pills now',
      'bit.ly/abc',
      'dating.ru',
      'Zoë.Él',
      // Full-width look-alikes fold to the plain characters.
      'ｗｗｗ．spam',
      'anna＠spam',
      'win．cash',
    ]) {
      expect(nameLooksLikeLink(name), name).toBe(true);
    }
  });

  it('leaves ordinary names alone, initials and abbreviations included', () => {
    for (const name of [
      'Noor',
      'Anne-Marie',
      "O'Brien",
      'J. R. Smith',
      'Dr. Who',
      'Jan v.d. Berg',
      'St. John',
      'Zoë <b>&</b>',
      'www',
      'Mr.X',
      'A.1',
      '',
    ]) {
      expect(nameLooksLikeLink(name), name).toBe(false);
    }
  });
});
