import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_PACKAGE, APP_PACKAGE_HEADER } from '@amora/shared/constants';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../app.js';
import { parseConfig } from '../config/config.js';
import { openPostgres } from '../db/postgres.js';
import { markJobSent } from '../modules/jobs/job.repository.js';
import { type AppJobWorkerOptions, startAppJobWorker } from '../modules/jobs/job-kinds.js';
import type { JobWorker } from '../modules/jobs/job-worker.js';
import { issueActivation } from '../modules/mail/activation.service.js';
import { mailPayloadSchema, renderMail } from '../modules/mail/mail-templates.js';
import { createMediaStores, probeMediaStores } from '../modules/media/media-stores.js';
import { ensureSecrets } from '../modules/site/secrets.js';
import { ensureSiteDefaults, readStoredSettings } from '../modules/site/site.repository.js';
import { createMember, type MemberSpec } from './factories.js';
import { createTestDb, type TestDb } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  db: TestDb['db'];
  testDb: TestDb;
  dataDir: string;
  /** The outbox worker, when `options.outboxWorker` asked for one. */
  worker: JobWorker | null;
  /** Starts (another) outbox worker on this app's database and settings; stopped by close(). */
  startWorker(overrides?: WorkerOverrides): JobWorker;
  close(): Promise<void>;
}

export type WorkerOverrides = AppJobWorkerOptions;

export interface TestAppOptions {
  /** Start an outbox worker as server.ts does (`true`, or with overrides such as a fast back-off). */
  outboxWorker?: boolean | WorkerOverrides;
  /** The app's logger (as server.ts passes its pino instance); none by default. */
  logger?: FastifyBaseLogger;
}

/** The real server on a fresh database; `env` overrides configuration variables. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const testDb = await createTestDb();
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-app-'));
  const config = parseConfig({
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    // Tests change settings straight in the database and expect the next call to see them.
    SETTINGS_CACHE_SECONDS: '0',
    // Uploads show at once; the screening's own tests turn it on (photo-screening.test.ts).
    PHOTO_SCREENING: 'off',
    // No fictional member answers on its own; demo-reply.test.ts turns it on.
    DEMO_REPLY_SECONDS: '0',
    ...env,
  });
  await ensureSiteDefaults(testDb.db);
  await ensureSecrets(testDb.db, config.secretKeys);
  const media = await createMediaStores(config);
  await probeMediaStores(media, config);
  const app = await buildApp({
    config,
    db: testDb.db,
    dbKind: testDb.kind,
    listen: testDb.listen,
    media,
    ...(options.logger && { logger: options.logger }),
  });
  const workers: JobWorker[] = [];
  const startWorker = (overrides: WorkerOverrides = {}) => {
    const worker = startAppJobWorker(app, overrides);
    workers.push(worker);
    return worker;
  };
  const { outboxWorker } = options;
  const worker = outboxWorker
    ? startWorker(typeof outboxWorker === 'object' ? outboxWorker : {})
    : null;
  return {
    app,
    db: testDb.db,
    testDb,
    dataDir,
    worker,
    startWorker,
    async close() {
      await Promise.all(workers.map((w) => w.stop()));
      await app.close();
      await testDb.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headers the app sends on every call. */
export const appHeaders = { [APP_PACKAGE_HEADER]: APP_PACKAGE, 'x-original-host': 'localhost' };

/** Carries the session cookie from one call to the next, like a browser. */
export class Client {
  private cookie: string | null = null;
  constructor(private readonly app: FastifyInstance) {}

  async call(options: InjectOptions) {
    const response = await this.app.inject({
      ...options,
      headers: {
        ...appHeaders,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...options.headers,
      },
    });
    const set = response.cookies.find((c) => c.name === 'amora_session');
    if (set) {
      const cleared = !set.value || (set.expires !== undefined && set.expires <= new Date());
      this.cookie = cleared ? null : `amora_session=${set.value}`;
    }
    return response;
  }

  get sessionCookie() {
    return this.cookie;
  }
}

/** A mail the SMTP sink received, decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** Lower-cased header names, values unfolded (not decoded). */
  headers: Map<string, string>;
  text: string | null;
  html: string | null;
  raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:PORT`, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Refuses the next `count` messages with a temporary 451. */
  failNext(count: number): void;
  /** Resolves once `count` mails have arrived. */
  waitForMails(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Resolves once `count` mails to `address` have arrived (all of them so far). */
  waitForMailsTo(address: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 and a random port: no TLS, no authentication. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push({ ...parseMail(raw), from, to, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    failNext(count) {
      failures = count;
    },
    async waitForMails(count, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > end) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return mails;
    },
    async waitForMailsTo(address, count = 1, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const to = mails.filter((m) => m.to.includes(address));
        if (to.length >= count) return to;
        if (Date.now() > end)
          throw new Error(`expected ${count} mails to ${address}, got ${to.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes quoted-printable text (a body, or with `word` an RFC 2047 Q-word) to bytes. */
function qpBytes(text: string, word = false): Buffer {
  const input = word ? text.replace(/_/g, ' ') : text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < input.length; i += 1) {
    const hex = input[i] === '=' ? input.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** Decodes RFC 2047 encoded words (adjacent ones joined, as the RFC says). */
function decodeHeader(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=)+/g, (run) =>
      Buffer.concat(
        [...run.matchAll(word)].map(([, , enc, text]) =>
          enc!.toUpperCase() === 'B' ? Buffer.from(text!, 'base64') : qpBytes(text!, true),
        ),
      ).toString('utf8'),
    );
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = encoding?.toLowerCase();
  if (e === 'quoted-printable') return qpBytes(body).toString('utf8');
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Just enough MIME for our mails: the subject and the text and HTML leaves. */
function parseMail(raw: string): Pick<ReceivedMail, 'subject' | 'headers' | 'text' | 'html'> {
  const top = splitPart(raw);
  const found: { text: string | null; html: string | null } = { text: null, html: null };
  const walk = (part: { headers: Map<string, string>; body: string }) => {
    const type = part.headers.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const pieces = part.body.split(`--${boundary}`).slice(1);
      for (const piece of pieces) {
        if (piece.startsWith('--')) break;
        walk(splitPart(piece.replace(/^\r?\n/, '')));
      }
      return;
    }
    const body = decodeBody(part.body, part.headers.get('content-transfer-encoding'));
    if (/^text\/html/i.test(type)) found.html ??= body;
    else if (/^text\/plain/i.test(type)) found.text ??= body;
  };
  walk(top);
  return {
    subject: decodeHeader(top.headers.get('subject') ?? ''),
    headers: top.headers,
    ...found,
  };
}

/**
 * A new member logged in through the API, with a client holding the session. Like a member
 * who has just signed up, they start unconfirmed; unless `spec.activated` is false they then
 * confirm their address through the link in their activation mail (activateThroughMail).
 */
export async function logInNewMember(t: TestApp, spec: MemberSpec = {}) {
  const member = await createMember(t.db, { ...spec, activated: false });
  const client = new Client(t.app);
  const res = await client.call({
    method: 'POST',
    url: '/api/login.php',
    payload: { email: member.email, password: member.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  if (spec.activated !== false) await activateThroughMail(t, member);
  return { ...member, client };
}

/** Gives a member the moderator role, as an admin does in the staff console. */
export async function makeModerator(t: TestApp, memberId: number): Promise<void> {
  await t.db
    .updateTable('members')
    .set({ staff_role: 'moderator' })
    .where('id', '=', memberId)
    .execute();
}

/** A new member, logged in, who is a moderator. */
export async function logInModerator(t: TestApp, spec: MemberSpec = {}) {
  const member = await logInNewMember(t, spec);
  await makeModerator(t, member.id);
  return member;
}

/**
 * Confirms a member's address the way the member does: the activation mail is queued as
 * signup queues it, delivered, and the link read from it is followed through the app (which
 * must answer with the redirect to /activate/done). Without SMTP_URL the link is read from
 * the development mailbox page; with it (a test's SMTP sink), from the rendered mail. The
 * helper delivers this one mail itself, claimed in the transaction that queues it, so a
 * running outbox worker neither takes it nor sends it to a test's sink (tests that count
 * mails see only their own).
 */
export async function activateThroughMail(
  t: TestApp,
  member: { id: number; email: string; name: string; language: string },
): Promise<void> {
  const job = await t.db.transaction().execute(async (trx) => {
    await issueActivation(trx, member);
    return (
      trx
        .updateTable('outbox')
        // Locked as a worker locks a job it sends (jobs/job.repository claimNextJob): a running
        // worker takes a `sending` job again once `run_after` has passed.
        .set({
          status: 'sending',
          attempts: sql`attempts + 1`,
          locked_until: sql<Date>`now() + interval '5 minutes'`,
          run_after: sql<Date>`now() + interval '5 minutes'`,
        })
        .where('member_id', '=', member.id)
        .where('status', '=', 'pending')
        .where(sql<string>`payload->>'template'`, '=', 'activation')
        .returningAll()
        .executeTakeFirstOrThrow()
    );
  });
  const { name: siteName } = await readStoredSettings(t.db);
  const { publicUrl, smtpUrl } = t.app.config;
  const mail = renderMail(mailPayloadSchema.parse(job.payload), { siteName, publicUrl });
  await markJobSent(t.db, job.id, { rendered: smtpUrl ? null : mail });

  let text = mail.text;
  if (!smtpUrl) {
    const mailbox = await t.app.inject({ method: 'GET', url: '/_dev/mailbox' });
    if (mailbox.statusCode !== 200) throw new Error(`mailbox: ${mailbox.statusCode}`);
    text = mailbox.body.split('<li class="mail"').find((item) => item.includes(member.email)) ?? '';
  }
  const link = /https?:\/\/[^\s<>"]*activ[^\s<>"]*/.exec(text)?.[0];
  if (!link) throw new Error(`no activation link in the mail to ${member.email}`);
  const url = new URL(link.replaceAll('&amp;', '&'));
  const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
  if (res.headers.location !== '/activate/done') {
    throw new Error(`the activation link answered ${res.statusCode} ${res.headers.location}`);
  }
}

/**
 * The real server whose outbox worker sends through a local SMTP sink (mail tests):
 * `env` adds configuration; `close()` stops both.
 */
export async function createMailingTestApp(env: Record<string, string> = {}) {
  const sink = await startSmtpSink();
  const t = await createTestApp(
    { SMTP_URL: sink.url, ...env },
    { outboxWorker: { pollIntervalMs: 20 } },
  );
  return {
    t,
    sink,
    async close() {
      await t.close();
      await sink.close();
    },
  };
}

let ipCounter = 0;
/** A client address of its own per call, so a per-IP limit only bites where a test wants it. */
export const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/**
 * A second app instance on the test's PostgreSQL database, as another machine behind the
 * load balancer: its own pool and LISTEN connection, the same configuration and stores.
 * Runs `use` with it and closes it again.
 */
export async function withSecondInstance<T>(
  t: TestApp,
  use: (app2: FastifyInstance) => Promise<T>,
): Promise<T> {
  if (!t.testDb.url) throw new Error('a second instance needs the PostgreSQL test database');
  const second = openPostgres(t.testDb.url, 2);
  const app2 = await buildApp({
    config: t.app.config,
    db: second.db,
    dbKind: 'postgres',
    listen: second.listen,
    media: t.app.media,
  });
  try {
    return await use(app2);
  } finally {
    await app2.close();
    await second.close();
  }
}
