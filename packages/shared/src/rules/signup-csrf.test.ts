import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signupCsrf } from './signup-csrf.js';

describe('the signup csrf value', () => {
  it('is the lowercase hex SHA-512 of token:email, as the spec gives it', () => {
    const token = '1764000000.'.padEnd(75, 'a');
    const email = 'nina@example.org';
    const expected = createHash('sha512').update(`${token}:${email}`).digest('hex');
    expect(signupCsrf(token, email)).toBe(expected);
    expect(signupCsrf(token, email)).toMatch(/^[0-9a-f]{128}$/);
  });

  it('hashes UTF-8, so an address with non-ASCII letters matches the server', () => {
    const email = 'zoë@example.org';
    const expected = createHash('sha512').update(`t:${email}`, 'utf8').digest('hex');
    expect(signupCsrf('t', email)).toBe(expected);
  });
});
