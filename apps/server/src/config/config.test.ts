import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('parseConfig', () => {
  it('has defaults for everything', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      seedMembers: 300,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.rateLimit.enabled).toBe(true);
  });

  it('names every bad variable', () => {
    expect(() =>
      parseConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', RATE_LIMIT: 'maybe' }),
    ).toThrow(ConfigError);
    try {
      parseConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', RATE_LIMIT: 'maybe' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/DATABASE_URL/);
      expect(String(error)).toMatch(/RATE_LIMIT/);
    }
  });

  it('takes the test harness reset only on a loopback address', () => {
    expect(parseConfig({ TEST_DATA_RESET: 'ipc' }).testDataReset).toBe('ipc');
    expect(parseConfig({}).testDataReset).toBe('off');
    expect(() => parseConfig({ TEST_DATA_RESET: 'ipc', HOST: '0.0.0.0' })).toThrow(
      /TEST_DATA_RESET/,
    );
  });
});
