import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

/** What production needs besides the defaults. */
const production = {
  SMTP_URL: 'smtp://mail.example:587',
  SECRET_KEY: 'a-secret-key-of-at-least-32-characters',
  ADMIN_EMAILS: 'ops@amora.example',
};

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

  it('is the demo on a loopback HOST and production beyond it, unless MODE says otherwise', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      expect(parseConfig({ HOST: host })).toMatchObject({ mode: 'demo', seedMembers: 300 });
    }
    const live = parseConfig({ HOST: '0.0.0.0', ...production });
    expect(live).toMatchObject({ mode: 'production', seedMembers: 0, paymentProvider: 'none' });
    expect(live.modeReason).toMatch(/HOST=0\.0\.0\.0/);
    expect(parseConfig({ MODE: 'production', ...production }).mode).toBe('production');
    expect(parseConfig({ MODE: 'demo', HOST: '0.0.0.0' })).toMatchObject({
      mode: 'demo',
      paymentProvider: 'demo',
    });
    expect(() => parseConfig({ MODE: 'live' })).toThrow(/MODE/);
  });

  it('refuses a production start that would show demo data, give credits away or lose mail', () => {
    const refusals: [Record<string, string>, RegExp][] = [
      [{ SEED_MEMBERS: '20' }, /SEED_MEMBERS/],
      [{ PAYMENT_PROVIDER: 'demo' }, /PAYMENT_PROVIDER/],
      [{ SMTP_URL: '' }, /SMTP_URL/],
      [{ SECRET_KEY: '' }, /SECRET_KEY: required/],
      [{ SECRET_KEY: 'too short' }, /SECRET_KEY: must be at least 32/],
    ];
    for (const [change, message] of refusals) {
      expect(() => parseConfig({ HOST: '0.0.0.0', ...production, ...change })).toThrow(message);
    }
    expect(parseConfig({ HOST: '0.0.0.0', ...production, SEED_MEMBERS: '0' }).seedMembers).toBe(0);
  });

  it('reads ROUTE_REDIRECTS as exact paths to safe targets, and names the variable when one is not', () => {
    expect(parseConfig({}).routeRedirects).toEqual({});
    expect(
      parseConfig({
        ROUTE_REDIRECTS: '/landers/video/old=/landers/video/new, /promo=https://partner.example/x',
      }).routeRedirects,
    ).toEqual({
      '/landers/video/old': '/landers/video/new',
      '/promo': 'https://partner.example/x',
    });
    for (const [value, problem] of [
      ['/promo', /ROUTE_REDIRECTS: "\/promo" is not source=target/],
      ['promo=/x', /ROUTE_REDIRECTS: "promo" is not an exact path/],
      ['/a?b=1=/x', /is not an exact path/],
      ['/api/user.php=/x', /is answered by the server/],
      ['/a=/x,/a=/y', /"\/a" is redirected twice/],
      ['/a=//evil.example', /is not a safe target/],
      ['/a=javascript:alert(1)', /is not a safe target/],
      ['/a=https://partner.example/{account}', /is not a safe target/],
      ['/sw.js=/x', /is answered by the server/],
      ['/manifest.webmanifest=/x', /is answered by the server/],
      ['/a=/a?again=1', /"\/a" leads to "\/a", which is redirected itself/],
      ['/a=/b#top,/b=/c', /"\/a" leads to "\/b", which is redirected itself/],
      ['/b=/a,/a=/b', /"\/b" leads to "\/a", which is redirected itself/],
    ] as const) {
      expect(() => parseConfig({ ROUTE_REDIRECTS: value })).toThrow(problem);
    }
  });

  it('reads ADMIN_EMAILS as lower-cased addresses: the demo’s admin by default, none in production', () => {
    expect(parseConfig({}).adminEmails).toEqual(['admin@amora.test']);
    expect(
      parseConfig({ ADMIN_EMAILS: ' Ops@Amora.example , b@amora.example,' }).adminEmails,
    ).toEqual(['ops@amora.example', 'b@amora.example']);
    expect(() => parseConfig({ ADMIN_EMAILS: 'ops@amora.example, nobody' })).toThrow(
      /ADMIN_EMAILS: "nobody" is not an e-mail address/,
    );
    const { ADMIN_EMAILS: _, ...withoutAdmins } = production;
    const config = parseConfig({
      MODE: 'production',
      ...withoutAdmins,
      PUBLIC_URL: 'https://a.example',
    });
    expect(config.adminEmails).toEqual([]);
    expect(config.warnings).toEqual([expect.stringMatching(/ADMIN_EMAILS is unset/)]);
  });

  it('warns about a production PUBLIC_URL that is missing or not https, and a public demo', () => {
    expect(parseConfig({ MODE: 'production', ...production }).warnings).toEqual([
      expect.stringMatching(/PUBLIC_URL is not set/),
    ]);
    expect(
      parseConfig({ MODE: 'production', ...production, PUBLIC_URL: 'http://amora.example' })
        .warnings,
    ).toEqual([expect.stringMatching(/PUBLIC_URL is not https/)]);
    expect(
      parseConfig({ MODE: 'production', ...production, PUBLIC_URL: 'https://amora.example' })
        .warnings,
    ).toEqual([]);
    expect(parseConfig({ PUBLIC_URL: 'https://amora.example' }).warnings).toEqual([
      expect.stringMatching(/MODE=production/),
    ]);
    expect(parseConfig({ PUBLIC_URL: 'http://localhost:3000' }).warnings).toEqual([]);
  });

  it('needs the chosen payment provider’s keys, and warns about a test key in production', () => {
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'mollie' })).toThrow(/MOLLIE_API_KEY: required/);
    expect(() =>
      parseConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
    expect(() =>
      parseConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_WEBHOOK_SECRET: 'whsec_1' }),
    ).toThrow(/STRIPE_SECRET_KEY: required/);
    expect(() => parseConfig({ MOLLIE_API_KEY: 'abc' })).toThrow(/MOLLIE_API_KEY: must be/);
    const mollieEnv = { PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'test_abc' };
    const mollie = parseConfig({ ...mollieEnv, MOLLIE_API_URL: 'http://127.0.0.1:4010' });
    expect(mollie.mollie).toEqual({ apiKey: 'test_abc', apiUrl: 'http://127.0.0.1:4010' });
    expect(() => parseConfig({ ...mollieEnv, MOLLIE_API_URL: 'http://mollie.example' })).toThrow(
      /MOLLIE_API_URL: plain http only to this machine/,
    );
    // Not a URL at all: a ConfigError naming the variable, not a TypeError from new URL().
    expect(() => parseConfig({ ...mollieEnv, MOLLIE_API_URL: 'mollie' })).toThrow(ConfigError);
    expect(() => parseConfig({ ...mollieEnv, MOLLIE_API_URL: 'mollie' })).toThrow(/MOLLIE_API_URL/);
    expect(mollie.warnings).toEqual([]);
    const stripe = parseConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_URL: 'http://127.0.0.1:4020',
    });
    expect(stripe.stripe.apiUrl).toBe('http://127.0.0.1:4020');
    const live = { MODE: 'production', PUBLIC_URL: 'https://amora.example', ...production };
    expect(
      parseConfig({ ...live, PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'test_abc' }).warnings,
    ).toEqual([expect.stringMatching(/MOLLIE_API_KEY is a test key/)]);
    expect(
      parseConfig({
        ...live,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      }).warnings,
    ).toEqual([expect.stringMatching(/STRIPE_SECRET_KEY is a test key/)]);
    expect(
      parseConfig({ ...live, PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'live_abc' }).warnings,
    ).toEqual([]);
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

  it('gives sessions an idle and an absolute lifetime, the absolute one not the shorter', () => {
    expect(parseConfig({}).sessionLifetime).toEqual({ days: 30, maxDays: 90 });
    expect(parseConfig({ SESSION_DAYS: '7', SESSION_MAX_DAYS: '7' }).sessionLifetime).toEqual({
      days: 7,
      maxDays: 7,
    });
    expect(() => parseConfig({ SESSION_DAYS: '60', SESSION_MAX_DAYS: '30' })).toThrow(
      /SESSION_MAX_DAYS/,
    );
    expect(() => parseConfig({ SESSION_MAX_DAYS: '0' })).toThrow(/SESSION_MAX_DAYS/);
  });

  it('takes the test harness reset only on a loopback address', () => {
    expect(parseConfig({ TEST_DATA_RESET: 'ipc' }).testDataReset).toBe('ipc');
    expect(parseConfig({}).testDataReset).toBe('off');
    expect(() => parseConfig({ TEST_DATA_RESET: 'ipc', HOST: '0.0.0.0' })).toThrow(
      /TEST_DATA_RESET/,
    );
  });

  it('reads TRUST_PROXY as no proxy, a hop count or the proxies’ addresses, and refuses the rest', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of [
      'yes',
      'on',
      '10.0.0.0/33',
      '1.2.3',
      'proxy.example.com',
      '1.2.3.4,',
      '-1',
    ]) {
      expect(() => parseConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
