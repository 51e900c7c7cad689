import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/postgres.js';
import { createMember } from '../../test/factories.js';
import { createTestApp, type SmtpSink, startSmtpSink, type TestApp } from '../../test/test-app.js';
import { issueActivation } from '../mail/activation.service.js';
import { mailJobHandler } from '../mail/mail-job.js';
import { enqueueMail } from '../mail/mail-outbox.repository.js';
import { createMailTransport, type MailTransport } from '../mail/mail-transport.js';
import { claimNextJob } from './job.repository.js';
import { type JobWorker, startJobWorker } from './job-worker.js';

const PUBLIC_URL = 'https://amora.example';
const silent = pino({ level: 'silent' }) as FastifyBaseLogger;

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
beforeEach(async () => {
  // Each test sees only its own mail.
  await t.db.deleteFrom('outbox').execute();
  sink.mails.length = 0;
  sink.failNext(0);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met; last value ${JSON.stringify(value)}`);
    await sleep(20);
  }
}

async function signUp(spec: { name?: string; language?: string } = {}) {
  const m = await createMember(t.db, { activated: false, name: spec.name });
  await issueActivation(t.db, {
    id: m.id,
    email: m.email,
    name: spec.name ?? 'Sam',
    language: spec.language ?? 'en',
  });
  return m;
}

const rows = () => t.db.selectFrom('outbox').selectAll().orderBy('id').execute();

describe('outbox worker', () => {
  it('delivers an activation mail over SMTP in the member’s language, text and HTML, with an absolute link', async () => {
    const m = await signUp({ name: 'Zofia', language: 'pl' });
    const worker = t.startWorker({ pollIntervalMs: 20 });
    const [mail] = await sink.waitForMails(1);
    await worker.stop();

    expect(mail!.to).toEqual([m.email]);
    expect(mail!.from).toBe('no-reply@amora.test');
    expect(mail!.subject).toBe('Aktywuj swoje konto w serwisie Amora');
    // Nobody has confirmed the address yet: the greeting names nobody (issue 42).
    expect(mail!.text!.split(/\r?\n/)[0]).toBe('Cześć!');
    expect(mail!.text).toContain('Link jest ważny przez 48 godzin');
    expect(mail!.html).toContain('<html lang="pl"');
    expect(mail!.html).toContain('Aktywuj konto');

    const link = /https?:\/\/\S+/.exec(mail!.text!)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(PUBLIC_URL);
    expect(url.pathname).toContain('activ');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.html).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);

    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, member_id: m.id });
    expect(row!.sent_at).toBeInstanceOf(Date);
    // Sent over SMTP: the table keeps no usable link (the dev mailbox is off anyway).
    expect(row!.rendered).toBeNull();
    expect(JSON.stringify(row!.payload)).not.toContain(url.searchParams.get('token'));
  });

  it('escapes the member’s name in the HTML part and falls back to English', async () => {
    // A confirmed member: only they are greeted by name.
    const m = await createMember(t.db, { name: '<b>Ann & "Bo"</b>' });
    await enqueueMail(t.db, {
      memberId: m.id,
      payload: { to: m.email, locale: 'xx', template: 'password_changed', data: { name: m.name } },
    });
    const worker = t.startWorker({ pollIntervalMs: 20 });
    const [mail] = await sink.waitForMails(1);
    await worker.stop();
    expect(mail!.subject).toBe('Your Amora password was changed');
    expect(mail!.text).toContain('Hi <b>Ann & "Bo"</b>,');
    expect(mail!.html).toContain('Hi &lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt;,');
    expect(mail!.html).not.toContain('<b>Ann');
  });

  it('retries a mail the server refused for now, and sends it once', async () => {
    sink.failNext(1);
    await signUp();
    const worker = t.startWorker({ pollIntervalMs: 20, retryDelayMs: () => 400 });
    const [failed] = await until(rows, (r) => r[0]?.last_error != null);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.last_error).toContain('451');
    expect(failed!.run_after.getTime()).toBeGreaterThan(Date.now() - 1000);

    await sink.waitForMails(1);
    await worker.stop();
    expect(sink.mails).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('gives up after five tries and keeps the error', async () => {
    sink.failNext(10);
    await signUp();
    const worker = t.startWorker({ pollIntervalMs: 20, retryDelayMs: () => 0 });
    const [row] = await until(rows, (r) => r[0]?.status === 'failed');
    await worker.stop();
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    expect(row!.last_error).toContain('451');
    expect(sink.mails).toHaveLength(0);
    expect((row!.payload as { data: Record<string, unknown> }).data).not.toHaveProperty('linkPath');
  });

  it('takes over a job whose worker died once its lock has run out', async () => {
    await signUp();
    const first = await claimNextJob(t.db, { kinds: ['mail'] });
    expect(first).toMatchObject({ status: 'sending', attempts: 1 });
    expect(first!.locked_until!.getTime()).toBeGreaterThan(Date.now() + 200_000);
    expect(await claimNextJob(t.db, { kinds: ['mail'] })).toBeNull();

    await t.db
      .updateTable('outbox')
      .set({ run_after: new Date(Date.now() - 1000), locked_until: new Date(Date.now() - 1000) })
      .execute();
    const again = await claimNextJob(t.db, { kinds: ['mail'] });
    expect(again).toMatchObject({ id: first!.id, attempts: 2, status: 'sending' });
  });

  it('waits for the mail in hand when stopped', async () => {
    await signUp();
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: MailTransport = {
      kind: 'smtp',
      async send() {
        release();
        await sleep(300);
      },
      close() {},
    };
    const worker = t.startWorker({ transport: slow, pollIntervalMs: 20 });
    await started;
    expect((await rows())[0]!.status).toBe('sending');
    await worker.stop();
    expect((await rows())[0]!.status).toBe('sent');
  });

  it('never sends a row twice when several workers run at once', async () => {
    const count = 30;
    const members = [];
    for (let i = 0; i < count; i += 1) members.push(await signUp());

    // On PostgreSQL each worker gets its own connection pool, like separate app instances.
    const pools = t.testDb.url ? [1, 2, 3].map(() => openPostgres(t.testDb.url!, 3)) : [];
    const config = t.app.config;
    const workers: JobWorker[] = (pools.length ? pools.map((p) => p.db) : [t.db, t.db, t.db]).map(
      (db) => {
        const transport = createMailTransport(config);
        const mail = mailJobHandler({ db, transport, publicUrl: PUBLIC_URL, log: silent });
        return startJobWorker(
          db,
          { handlers: { mail }, pollIntervalMs: 5, onStop: () => transport.close() },
          silent,
        );
      },
    );
    try {
      await sink.waitForMails(count, 20_000);
      await sleep(300);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await Promise.all(pools.map((p) => p.close()));
    }

    expect(sink.mails).toHaveLength(count);
    const recipients = sink.mails.flatMap((m) => m.to);
    expect(new Set(recipients).size).toBe(count);
    expect(recipients.sort()).toEqual(members.map((m) => m.email).sort());
    const all = await rows();
    expect(all.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
