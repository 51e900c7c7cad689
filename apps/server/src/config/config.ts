import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@amora/shared/constants';
import { internalTargetPath } from '@amora/shared/rules/route-redirects';
import { PRODUCT_IDS } from '@amora/shared/schemas/orders';
import { z } from 'zod';
import { isLoopbackHost } from '../lib/loopback.js';
import { SERVER_ROOT } from '../server-root.js';
import { chooseMode, modeWarnings, productionProblems } from './mode.js';
import { parseTrustProxy } from './trust-proxy.js';

/** The demo's admin login, which the demo seed creates (never in production). */
export const DEMO_ADMIN_EMAIL = 'admin@amora.test';

const onOff = z.enum(['on', 'off']);
const positiveInt = z.coerce.number().int().positive();

/**
 * A redirect target from configuration: an http(s) URL, or a path on this site that starts
 * with a single `/` (`//host` and `/\host` would leave the site, so no backslash at all).
 * `{account}` may stand in the URL for the webcam account.
 */
export function isSafeRedirectTarget(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\s\\\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value.replaceAll('{account}', 'account'));
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An http(s) URL a secret may travel to: https, or plain http only to this machine (a
 * stand-in). A value that is no URL at all gets the URL message, not a crash.
 */
const httpsOrLoopbackUrl = (message: string) =>
  z
    .url({ protocol: /^https?$/ })
    .refine(
      (url) => !URL.canParse(url) || url.startsWith('https:') || isLoopbackHost(new URL(url).host),
      message,
    );

const redirectTarget = z
  .string()
  .refine(isSafeRedirectTarget, 'must be an http(s):// URL or a path of this site starting with /');

/**
 * Paths the server itself answers: never the source of a configured redirect. The service
 * worker's files and index.html among them, since a 302 there would break the installed app.
 */
const RESERVED_PATHS =
  /^\/(?:(?:api|assets|builds|uploads|_i18n|_pay|_dev|admin)(?:\/|$)|(?:sw|sw-push)\.js$|manifest\.webmanifest$|index\.html$)/;

/**
 * `ROUTE_REDIRECTS`: `source=target` pairs, comma-separated. A source is an exact path of
 * this site (no query, not one the server answers itself), each once; a target passes
 * `isSafeRedirectTarget` and is not itself a source, so neither the server nor the app can
 * be sent round in a loop.
 */
export function parseRouteRedirects(
  value: string,
): { redirects: Record<string, string> } | { error: string } {
  const redirects: Record<string, string> = {};
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    const source = at > 0 ? pair.slice(0, at).trim() : '';
    const target = at > 0 ? pair.slice(at + 1).trim() : '';
    if (!source || !target) return { error: `"${pair}" is not source=target` };
    if (!/^\/[\w\-./~%]*$/.test(source) || source.startsWith('//')) {
      return { error: `"${source}" is not an exact path of this site` };
    }
    if (RESERVED_PATHS.test(source)) return { error: `"${source}" is answered by the server` };
    if (source in redirects) return { error: `"${source}" is redirected twice` };
    // `{account}` is the webcam links' placeholder; nothing fills it in here.
    if (!isSafeRedirectTarget(target) || target.includes('{account}')) {
      return { error: `"${target}" is not a safe target (an http(s) URL or another path)` };
    }
    redirects[source] = target;
  }
  for (const [source, target] of Object.entries(redirects)) {
    const path = internalTargetPath(target);
    if (path !== null && path in redirects) {
      return { error: `"${source}" leads to "${path}", which is redirected itself` };
    }
  }
  return { redirects };
}

const envSchema = z.object({
  // Unset: demo on a loopback HOST, production otherwise (config/mode.ts).
  MODE: z.enum(['demo', 'production']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  // Prometheus metrics on a listener of their own (decision 060): unset, none.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Traces go here over OTLP/HTTP (read by the telemetry bootstrap, checked here too).
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
  // Where photos and data exports live (decision 057): `local`, the folders UPLOADS_DIR and
  // DATA_DIR/exports (one machine); `s3`, an S3-compatible bucket every instance reaches.
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 of a-z 0-9 . -)')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region such as eu-central-1')
    .default('us-east-1'),
  // Any S3-compatible server but AWS itself (R2, B2, MinIO): its https address (plain http
  // only to this machine: the keys sign every request, the photos travel in it).
  S3_ENDPOINT: httpsOrLoopbackUrl(
    'must be an https:// URL (plain http only to this machine)',
  ).optional(),
  // Unset: the SDK's usual chain (environment, shared files, an instance role).
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  // How long a link to a private picture (a flagged original, report evidence) works once
  // issued (decision 059): long enough to load, short enough that a shared one soon dies.
  MEDIA_LINK_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  WEB_DIST: z.string().min(1).optional(),
  // Demo: 300 fictional members on first start; production: none (and none allowed).
  SEED_MEMBERS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  DEMO_PASSWORD: z.string().min(8).default('amora-demo-2026'),
  // The staff console's admins (issue 20): comma list of confirmed member addresses.
  // Unset in the demo: admin@amora.test, which the demo seed creates.
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const list = value
        .split(',')
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean);
      const bad = list.find((address) => !z.email().safeParse(address).success);
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `"${bad}" is not an e-mail address` });
        return z.NEVER;
      }
      return list;
    }),
  ROUTE_REDIRECTS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const parsed = parseRouteRedirects(value);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.redirects;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (trust !== null) return trust;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be false, true, a hop count, or a comma list of proxy addresses or CIDR ranges',
      });
      return z.NEVER;
    }),
  RATE_LIMIT: onOff.default('on'),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(1000),
  SIGNUPS_PER_HOUR: positiveInt.default(100),
  EMAIL_CHECKS_PER_10_MINUTES: positiveInt.default(120),
  PAGE_RENDERS_PER_MINUTE: positiveInt.default(60),
  LOGIN_FAILURES_MAX: positiveInt.default(10),
  LOGIN_FAILURES_WINDOW_MINUTES: positiveInt.default(15),
  LOGIN_FAILURES_PER_ADDRESS: positiveInt.default(30),
  // How long each attempt on an account under attack (over 100 failures an hour) waits.
  LOGIN_FAILURES_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  PUBLIC_PROFILE_VIEWS_PER_HOUR: positiveInt.default(600),
  // Profile views (profile.php and similar.php together) per confirmed member and hour.
  MEMBER_PROFILE_VIEWS_PER_HOUR: positiveInt.default(1200),
  // Scam brakes (issue 17): new conversations a member may start in their first 24 hours,
  // and to how many members the same text may go within an hour before it is held.
  NEW_MEMBER_CONVERSATIONS_PER_HOUR: positiveInt.default(5),
  NEW_MEMBER_CONVERSATIONS_PER_DAY: positiveInt.default(15),
  DUPLICATE_TEXT_RECIPIENTS: positiveInt.default(3),
  // Photo screening (issue 18): every upload is classified; P(Porn) + P(Hentai) at or above
  // the threshold flags it (0 flags every photo).
  PHOTO_SCREENING: onOff.default('on'),
  PHOTO_NUDITY_THRESHOLD: z.coerce.number().min(0).max(1).default(0.6),
  SESSION_DAYS: positiveInt.default(30),
  SESSION_MAX_DAYS: positiveInt.default(90),
  SETTINGS_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  // The demo's automatic reply to a first message to a fictional member; 0 turns it off.
  DEMO_REPLY_SECONDS: z.coerce.number().int().min(0).max(600).default(3),
  WELCOME_CREDITS: z.coerce.number().int().min(0).max(1_000_000).default(10),
  MESSAGE_CREDITS: z.coerce.number().int().min(0).max(1000).default(1),
  // Discounts after signup (docs/decisions/032); 0 turns either off.
  WELCOME_DISCOUNT_PERCENT: z.coerce.number().int().min(0).max(100).default(20),
  WELCOME_DISCOUNT_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  TIME_BONUS_PERCENT: z.coerce.number().int().min(0).max(100).default(30),
  TIME_BONUS_HOURS: z.coerce.number().int().min(0).max(8760).default(3),
  // How long an unpaid order holds a use of its discount code (a pending order expires
  // after 24 hours, so no longer than that).
  DISCOUNT_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  // Campaign codes put in the table at start when missing, e.g.
  // `SPRING=15:2026-12-31,STAY10=10:2027-01-31:premium-30|premium-90`.
  DISCOUNT_CODES: z
    .string()
    .regex(
      /^[A-Za-z0-9-]{2,32}=\d{1,3}:\d{4}-\d{2}-\d{2}(:[a-z0-9|-]+)?(,[A-Za-z0-9-]{2,32}=\d{1,3}:\d{4}-\d{2}-\d{2}(:[a-z0-9|-]+)?)*$/,
      'must look like SPRING=15:2026-12-31 or SPRING=15:2026-12-31:premium-30|premium-90',
    )
    .optional(),
  // The push services the server will post to (a host, or any of its subdomains).
  PUSH_SERVICE_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, 'must be a comma-separated list of host names')
    .default(
      'fcm.googleapis.com,android.googleapis.com,push.services.mozilla.com,web.push.apple.com,notify.windows.com',
    ),
  // e.g. `PL=2,CH=1`: the credits one message costs a member of that country.
  MESSAGE_CREDITS_BY_COUNTRY: z
    .string()
    .regex(/^([A-Z]{2}=\d{1,4})(,[A-Z]{2}=\d{1,4})*$/, 'must look like PL=2,CH=1')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Amora <no-reply@amora.test>'),
  // Where questions and complaints from the site go, and in which language.
  SUPPORT_EMAIL: z.email().default('support@amora.test'),
  SUPPORT_LANGUAGE: z.enum(LOCALES).default('en'),
  SERVICE_REQUESTS_PER_HOUR: positiveInt.default(5),
  // `demo`: the built-in test checkout (no money is charged; demo mode only); `mollie`,
  // `stripe`: real payments (docs/decisions/030); `none`: nothing can be bought.
  // Default: demo in demo mode, none in production.
  PAYMENT_PROVIDER: z.enum(['demo', 'none', 'mollie', 'stripe']).optional(),
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(live|test)_\w+$/, 'must be a Mollie API key (live_… or test_…)')
    .optional(),
  // A stand-in of Mollie's API (tests, local development): a root URL; an empty path gets
  // `/v2/` appended.
  MOLLIE_API_URL: httpsOrLoopbackUrl(
    'plain http only to this machine (the API key must not travel unencrypted)',
  ).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(live|test)_\w+$/, 'must be a Stripe secret key (sk_live_… or sk_test_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  // A stand-in of Stripe's API: an origin (protocol, host and port are used; Stripe's paths
  // are /v1/…).
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Encrypts the secrets stored in the database (required in production).
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  // The key before a rotation: stored secrets it can open are encrypted again under SECRET_KEY.
  SECRET_KEY_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  // A webcam partner's JSON feed (docs/cam-feed.md). Unset: the demo's fictional performers
  // in the demo, and no webcam or ad tiles in production. It may carry the partner's key, so
  // plain http only to this machine.
  CAM_FEED_URL: httpsOrLoopbackUrl(
    'must be an https:// URL (plain http only to this machine)',
  ).optional(),
  // Without a partner, both partner tiles lead to our own premium page.
  CAMS_PARTNER_URL: redirectTarget.default('/premium'),
  RESELL_PARTNER_URL: redirectTarget.default('/premium'),
  // Test harnesses only (decision 023): the parent process may restore the start-up data.
  TEST_DATA_RESET: z.enum(['off', 'ipc']).default('off'),
});

export type AppConfig = ReturnType<typeof parseConfig>;

const emptyToUndefined = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));

/** Parses the environment once; a bad value throws naming every offending variable. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.TEST_DATA_RESET !== 'off' && !isLoopbackHost(e.HOST)) {
    throw new ConfigError(
      'Invalid configuration: TEST_DATA_RESET: only for test harnesses on a loopback HOST',
    );
  }
  if (e.SESSION_MAX_DAYS < e.SESSION_DAYS) {
    throw new ConfigError(
      'Invalid configuration: SESSION_MAX_DAYS: must be at least SESSION_DAYS (a session cannot idle longer than it may live)',
    );
  }
  if (e.MEDIA_STORE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: S3_BUCKET: required with MEDIA_STORE=s3');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      `Invalid configuration: ${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: required with the other`,
    );
  }
  const paymentProblems = paymentConfigProblems(e);
  if (paymentProblems.length > 0) {
    throw new ConfigError(`Invalid configuration: ${paymentProblems.join('; ')}`);
  }
  const { mode, reason: modeReason } = chooseMode(e.MODE, e.HOST);
  if (mode === 'production') {
    const problems = productionProblems(e);
    if (problems.length > 0) {
      throw new ConfigError(
        `Invalid configuration for production (${modeReason}): ${problems.join('; ')}`,
      );
    }
  }
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    mode,
    /** Why this mode (printed at start). */
    modeReason,
    /**
     * Whether `MODE` chose it. An inferred demo refuses requests that came through a proxy
     * (plugins/demo-behind-proxy.ts): only an explicit `MODE=demo` is served that way.
     */
    modeExplicit: e.MODE !== undefined,
    /** What the operator should know at start; the start goes on. */
    warnings: [
      ...modeWarnings(mode, e.PUBLIC_URL),
      ...paymentWarnings(mode, e),
      ...(mode === 'production' && !e.ADMIN_EMAILS?.length
        ? ['ADMIN_EMAILS is unset: nobody can open the staff console at /admin']
        : []),
      ...(e.CAM_FEED_URL && e.CAMS_PARTNER_URL === '/premium'
        ? ['CAM_FEED_URL is set but CAMS_PARTNER_URL is not: webcam tiles lead to /premium']
        : []),
    ],
    port: e.PORT,
    host: e.HOST,
    /** The Prometheus listener (null: off). */
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    /** Where traces are exported (null: no tracing loaded). */
    otelEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    uploadsDir: resolve(e.UPLOADS_DIR ?? `${dataDir}/uploads`),
    /** Where "download my data" files wait for their download (a day at most). */
    exportsDir: resolve(`${dataDir}/exports`),
    /** Where pictures only the app's check may hand out live with MEDIA_STORE=local. */
    privateDir: resolve(`${dataDir}/private`),
    /** The life of a link to a private picture, in seconds (decision 059). */
    mediaLinkSeconds: e.MEDIA_LINK_SECONDS,
    /** Where photos and exports live: these folders, or a bucket (decision 057). */
    media:
      e.MEDIA_STORE === 's3'
        ? {
            kind: 's3' as const,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : { kind: 'local' as const },
    webDist: resolve(e.WEB_DIST ?? fileURLToPath(new URL('../web/dist', SERVER_ROOT))),
    seedMembers: e.SEED_MEMBERS ?? (mode === 'demo' ? 300 : 0),
    demoPassword: e.DEMO_PASSWORD,
    /** Exact paths answered with 302 to their target (the app applies them too). */
    routeRedirects: e.ROUTE_REDIRECTS,
    /** Confirmed addresses whose members are admins (lower-cased). */
    adminEmails: e.ADMIN_EMAILS ?? (mode === 'demo' ? [DEMO_ADMIN_EMAIL] : []),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimit: {
      enabled: e.RATE_LIMIT === 'on',
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      signupsPerHour: e.SIGNUPS_PER_HOUR,
      emailChecksPer10Minutes: e.EMAIL_CHECKS_PER_10_MINUTES,
      pageRendersPerMinute: e.PAGE_RENDERS_PER_MINUTE,
      serviceRequestsPerHour: e.SERVICE_REQUESTS_PER_HOUR,
      loginFailuresMax: e.LOGIN_FAILURES_MAX,
      loginFailuresWindowMinutes: e.LOGIN_FAILURES_WINDOW_MINUTES,
      loginFailuresPerAddress: e.LOGIN_FAILURES_PER_ADDRESS,
      loginFailuresDelayMs: e.LOGIN_FAILURES_DELAY_MS,
      publicProfileViewsPerHour: e.PUBLIC_PROFILE_VIEWS_PER_HOUR,
      memberProfileViewsPerHour: e.MEMBER_PROFILE_VIEWS_PER_HOUR,
    },
    /** Photo screening: on or off, and the nudity score that flags a photo. */
    photoScreening: {
      enabled: e.PHOTO_SCREENING === 'on',
      threshold: e.PHOTO_NUDITY_THRESHOLD,
    },
    /** The scam brakes of modules/chats/brakes.ts. */
    brakes: {
      newMemberConversationsPerHour: e.NEW_MEMBER_CONVERSATIONS_PER_HOUR,
      newMemberConversationsPerDay: e.NEW_MEMBER_CONVERSATIONS_PER_DAY,
      duplicateTextRecipients: e.DUPLICATE_TEXT_RECIPIENTS,
    },
    /** A session ends `days` after its last use, and `maxDays` after the login at the latest. */
    sessionLifetime: { days: e.SESSION_DAYS, maxDays: e.SESSION_MAX_DAYS },
    /** How long an instance keeps the stored settings before reading them again (0: never). */
    settingsCacheSeconds: e.SETTINGS_CACHE_SECONDS,
    /** Demo mode: seconds before a fictional member answers a first message (0: never). */
    demoReplySeconds: e.DEMO_REPLY_SECONDS,
    welcomeCredits: e.WELCOME_CREDITS,
    /** Hosts (and their subdomains) of the push services subscriptions may point at. */
    pushServiceHosts: e.PUSH_SERVICE_HOSTS.toLowerCase().split(','),
    /** Credits one message costs a member who is not paid: per country, else the default. */
    messageCredits: {
      default: e.MESSAGE_CREDITS,
      byCountry: Object.fromEntries(
        (e.MESSAGE_CREDITS_BY_COUNTRY?.split(',') ?? []).map((pair) => {
          const [country, credits] = pair.split('=');
          return [country!, Number(credits)];
        }),
      ) as Record<string, number>,
    },
    /** The welcome code and the time bonus after signup; a 0 turns one off. */
    discounts: {
      welcomePercent: e.WELCOME_DISCOUNT_PERCENT,
      welcomeDays: e.WELCOME_DISCOUNT_DAYS,
      timeBonusPercent: e.TIME_BONUS_PERCENT,
      timeBonusHours: e.TIME_BONUS_HOURS,
      /** How long a pending order holds a use of its code; the checkout ends with it where it can. */
      reservationMinutes: e.DISCOUNT_RESERVATION_MINUTES,
      /** DISCOUNT_CODES: campaign codes seeded into the table when missing. */
      seeded: parseDiscountCodes(e.DISCOUNT_CODES),
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    support: { email: e.SUPPORT_EMAIL, language: e.SUPPORT_LANGUAGE },
    paymentProvider: e.PAYMENT_PROVIDER ?? (mode === 'demo' ? 'demo' : 'none'),
    /** PAYMENT_PROVIDER=mollie: the key, and a stand-in's root URL (modules/payments). */
    mollie: { apiKey: e.MOLLIE_API_KEY, apiUrl: e.MOLLIE_API_URL },
    /** PAYMENT_PROVIDER=stripe: the keys, and a stand-in's origin (modules/payments). */
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
    },
    /** The key that encrypts stored secrets, and the one before it during a rotation. */
    secretKeys: { current: e.SECRET_KEY, previous: e.SECRET_KEY_PREVIOUS },
    /** The webcam partner's feed (never logged: it may hold a key); unset: see hasCamFeed. */
    camFeedUrl: e.CAM_FEED_URL,
    /** Webcam tile target; `{account}` is replaced by the URL-encoded account. */
    camsPartnerUrl: e.CAMS_PARTNER_URL,
    /** Ad (resell) tile target. */
    resellPartnerUrl: e.RESELL_PARTNER_URL,
    /** `ipc`: the process that spawned this server may restore the start-up data. */
    testDataReset: e.TEST_DATA_RESET,
  };
}

export class ConfigError extends Error {}

export interface SeededDiscountCode {
  code: string;
  percent: number;
  /** The end of the named day (UTC). */
  validUntil: Date;
  products: string[] | null;
}

/** `CODE=PERCENT:LAST-DAY[:product|product]`, comma-separated (format checked by the schema). */
function parseDiscountCodes(value: string | undefined): SeededDiscountCode[] {
  if (!value) return [];
  return value.split(',').map((entry) => {
    const [code = '', terms = ''] = entry.split('=');
    const [percent = '', day = '', products] = terms.split(':');
    const validUntil = new Date(`${day}T00:00:00Z`);
    if (Number.isNaN(validUntil.getTime()) || Number(percent) < 1 || Number(percent) > 100) {
      throw new ConfigError(`DISCOUNT_CODES: ${entry} needs a percent 1–100 and a real date`);
    }
    const list = products ? products.split('|') : null;
    const unknown = list?.find((id) => !(PRODUCT_IDS as readonly string[]).includes(id));
    if (unknown) throw new ConfigError(`DISCOUNT_CODES: ${unknown} is no product`);
    validUntil.setUTCDate(validUntil.getUTCDate() + 1);
    return {
      code: code.toUpperCase(),
      percent: Number(percent),
      validUntil,
      products: list,
    };
  });
}

/** The keys the chosen payment provider needs, each naming its variable. */
function paymentConfigProblems(e: {
  PAYMENT_PROVIDER?: string | undefined;
  MOLLIE_API_KEY?: string | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
}): string[] {
  const problems: string[] = [];
  if (e.PAYMENT_PROVIDER === 'mollie' && !e.MOLLIE_API_KEY) {
    problems.push('MOLLIE_API_KEY: required with PAYMENT_PROVIDER=mollie');
  }
  if (e.PAYMENT_PROVIDER === 'stripe') {
    if (!e.STRIPE_SECRET_KEY)
      problems.push('STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER=stripe');
    if (!e.STRIPE_WEBHOOK_SECRET) {
      problems.push('STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=stripe');
    }
  }
  return problems;
}

/** A test key in production takes no money: worth a warning at start (not a refusal). */
function paymentWarnings(
  mode: 'demo' | 'production',
  e: {
    PAYMENT_PROVIDER?: string | undefined;
    MOLLIE_API_KEY?: string | undefined;
    STRIPE_SECRET_KEY?: string | undefined;
  },
): string[] {
  if (mode !== 'production') return [];
  if (e.PAYMENT_PROVIDER === 'mollie' && e.MOLLIE_API_KEY?.startsWith('test_')) {
    return [
      'MOLLIE_API_KEY is a test key: no money is taken, and test payments are flagged, not granted',
    ];
  }
  if (e.PAYMENT_PROVIDER === 'stripe' && /^(sk|rk)_test_/.test(e.STRIPE_SECRET_KEY ?? '')) {
    return [
      'STRIPE_SECRET_KEY is a test key: no money is taken, and test payments are flagged, not granted',
    ];
  }
  return [];
}
