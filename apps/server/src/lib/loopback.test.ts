import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback.js';

describe('isLoopbackHost', () => {
  it('knows this machine by name, address and Host header, with or without a port', () => {
    for (const host of [
      'localhost',
      'LOCALHOST:3000',
      '127.0.0.1',
      '127.0.0.1:80',
      '::1',
      '[::1]',
      '[::1]:3000',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '0.0.0.0',
      '::',
      'amora.example',
      'amora.example:3000',
      '[2001:db8::1]:443',
      '2001:db8::1',
      'localhost.example',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
