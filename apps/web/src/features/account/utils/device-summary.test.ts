import { describe, expect, it } from 'vitest';
import { deviceSummary } from './device-summary';

describe('deviceSummary', () => {
  it('names the browser with its major version and the device or system', () => {
    expect(
      deviceSummary(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari 17', system: 'iPhone', kind: 'mobile', raw: null });
    expect(
      deviceSummary(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 126', system: 'Windows', kind: 'desktop', raw: null });
    expect(
      deviceSummary(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      ),
    ).toMatchObject({ browser: 'Chrome 126', system: 'Android', kind: 'mobile' });
    expect(
      deviceSummary(
        'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toMatchObject({ system: 'iPad', kind: 'tablet' });
  });

  it('shows an unknown user agent itself, shortened, and nothing for none', () => {
    expect(deviceSummary('curl/8.0')).toEqual({
      browser: null,
      system: null,
      kind: 'unknown',
      raw: 'curl/8.0',
    });
    const long = deviceSummary(`some-app/${'x'.repeat(200)}`).raw!;
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('…')).toBe(true);
    expect(deviceSummary(null)).toEqual({
      browser: null,
      system: null,
      kind: 'unknown',
      raw: null,
    });
  });
});
