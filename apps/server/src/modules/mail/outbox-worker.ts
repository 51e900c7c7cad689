import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppConfig } from '../../config/config.js';
import type { Database, OutboxKind } from '../../db/schema.js';
import type { ImageStorage } from '../images/image-storage.js';
import { processPhotoClassifier } from '../images/nsfw-classifier.js';
import { screenJobSchema, screenPhoto } from '../images/photo-screening.js';
import { queueDigests } from '../notifications/digest.service.js';
import { buildExport } from '../privacy/data-export.service.js';
import { deliverPushJob, vapidSubject } from '../push/push-delivery.js';
import { readStoredSettings } from '../site/site.repository.js';
import {
  type MailPayload,
  mailPayloadSchema,
  type RenderedMail,
  renderMail,
  secretDataKeys,
} from './mail-templates.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';
import {
  claimNextJob,
  deleteJob,
  MAX_ATTEMPTS,
  markJobFailed,
  markJobSent,
  type OutboxJob,
  retryDelayMs,
} from './outbox.repository.js';

export interface OutboxWorkerDeps {
  transport: MailTransport;
  /** PUBLIC_URL: links in mail are made absolute with it. */
  publicUrl: string;
  /** VAPID subject of Web Push requests (an https: URL or a mailto: address). */
  pushSubject?: string;
  /** Push service hosts that may be posted to (PUSH_SERVICE_HOSTS). */
  pushServiceHosts?: readonly string[];
  /** Pause between polls of an empty queue; default 500 ms. */
  pollIntervalMs?: number;
  /** Seconds a claimed job stays locked to this worker; default 5 minutes. */
  lockSeconds?: number;
  /** How often this worker looks for members due a digest mail; default a minute, 0: never. */
  digestEveryMs?: number;
  /** Back-off after `attempts` failed tries; default 30 s, 2 min, 10 min, 1 h. */
  retryDelayMs?: (attempts: number) => number;
  /** Screens one photo (`photo_screen` jobs); without it those jobs wait (PHOTO_SCREENING=off). */
  screenPhoto?: (imageId: number) => Promise<void>;
  /** Prepares one "download my data" file (`data_export` jobs). */
  buildExport?: (exportId: string) => Promise<void>;
}

export interface OutboxWorker {
  /** Stops polling and waits for the job in hand to finish. */
  stop(): Promise<void>;
  /** Works every due job now; resolves with how many it handled (sent or failed). */
  runOnce(): Promise<number>;
}

/** Mails whose record goes once sent or given up (their address is a deleted account's). */
const ERASED_AFTER_SENDING = new Set<MailPayload['template']>(['account_deleted']);

/** Jobs handled in one go before the worker yields to its timer again. */
const BATCH = 50;

/** The row's payload without the secrets its mail carried (a token in a link). */
function withoutSecrets(payload: MailPayload): Record<string, unknown> {
  const data: Record<string, unknown> = { ...payload.data };
  for (const key of secretDataKeys(payload.template)) delete data[key];
  return { ...payload, data };
}

const errorText = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * Works the outbox: every app instance runs one. Each job is claimed in a short
 * transaction of its own, then rendered and sent outside any transaction (PGlite has one
 * connection, and SMTP may be slow). A sent row is marked `sent`; a failed one is retried
 * with back-off up to MAX_ATTEMPTS tries. Delivery is at least once: a worker that dies
 * after sending but before marking leaves the job to be sent again when its lock ends.
 */
export function startOutboxWorker(
  db: Kysely<Database>,
  deps: OutboxWorkerDeps,
  log: FastifyBaseLogger,
): OutboxWorker {
  const pollIntervalMs = deps.pollIntervalMs ?? 500;
  const backoff = deps.retryDelayMs ?? retryDelayMs;
  // A dev-outbox row keeps its rendered mail and link for /_dev/mailbox; a mail that went
  // out over SMTP keeps neither, so the table never holds a usable link.
  const keepRendered = deps.transport.kind === 'dev-outbox';
  const inFlight = new Set<Promise<number>>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function deliver(job: OutboxJob): Promise<void> {
    const parsed = mailPayloadSchema.safeParse(job.payload);
    if (!parsed.success) {
      log.error({ outboxId: job.id }, 'outbox: unreadable mail payload, giving up');
      await markJobFailed(db, job.id, {
        error: `invalid payload: ${parsed.error.message}`,
        retryInMs: null,
        rendered: null,
      });
      return;
    }
    const payload = parsed.data;
    let rendered: RenderedMail | null = null;
    try {
      const settings = await readStoredSettings(db);
      rendered = renderMail(payload, { siteName: settings.name, publicUrl: deps.publicUrl });
      await deps.transport.send({ to: payload.to, ...rendered });
    } catch (error) {
      const lastTry = job.attempts >= MAX_ATTEMPTS;
      log.warn(
        { outboxId: job.id, attempts: job.attempts, err: error },
        lastTry ? 'outbox: mail failed, giving up' : 'outbox: mail failed, will retry',
      );
      if (lastTry && ERASED_AFTER_SENDING.has(payload.template) && !keepRendered) {
        await deleteJob(db, job.id);
        return;
      }
      await markJobFailed(db, job.id, {
        error: errorText(error),
        retryInMs: lastTry ? null : backoff(job.attempts),
        rendered: keepRendered ? rendered : null,
        ...(lastTry && !keepRendered ? { payload: withoutSecrets(payload) } : {}),
      });
      return;
    }
    if (ERASED_AFTER_SENDING.has(payload.template) && !keepRendered) {
      // The goodbye to a deleted account: its address is kept nowhere once it went out.
      await deleteJob(db, job.id);
    } else {
      await markJobSent(db, job.id, {
        rendered: keepRendered ? rendered : null,
        ...(keepRendered ? {} : { payload: withoutSecrets(payload) }),
      });
    }
    log.info({ outboxId: job.id, template: payload.template }, 'outbox: mail sent');
  }

  async function deliverPush(job: OutboxJob): Promise<void> {
    const outcome = await deliverPushJob(
      db,
      { memberId: job.member_id, payload: job.payload },
      {
        subject: deps.pushSubject ?? vapidSubject(deps.publicUrl, 'no-reply@localhost'),
        allowedHosts: deps.pushServiceHosts ?? [],
        log,
      },
    ).catch((error: unknown) => ({ status: 'retry' as const, error: errorText(error) }));
    if (outcome.status === 'sent') {
      await markJobSent(db, job.id, { rendered: null });
      return;
    }
    const lastTry = outcome.status === 'give-up' || job.attempts >= MAX_ATTEMPTS;
    log.warn({ outboxId: job.id, err: outcome.error }, 'outbox: push failed');
    await markJobFailed(db, job.id, {
      error: outcome.error,
      // A push is about now: it is retried soon or not at all.
      retryInMs: lastTry ? null : Math.min(backoff(job.attempts), 60_000),
      rendered: null,
    });
  }

  /** A job whose work is one call: done, or retried with the back-off. */
  async function work(job: OutboxJob, run: () => Promise<void>, what: string) {
    try {
      await run();
    } catch (error) {
      const lastTry = job.attempts >= MAX_ATTEMPTS;
      log.warn({ outboxId: job.id, err: error }, `outbox: ${what} failed`);
      await markJobFailed(db, job.id, {
        error: errorText(error),
        retryInMs: lastTry ? null : Math.min(backoff(job.attempts), 60_000),
        rendered: null,
      });
      return;
    }
    await markJobSent(db, job.id, { rendered: null });
  }

  /** A job of one call on its payload; an unreadable payload is given up at once. */
  async function runTyped<T>(
    job: OutboxJob,
    schema: z.ZodType<T>,
    run: (payload: T) => Promise<void>,
    what: string,
  ) {
    const parsed = schema.safeParse(job.payload);
    if (!parsed.success) {
      await markJobFailed(db, job.id, {
        error: 'invalid payload',
        retryInMs: null,
        rendered: null,
      });
      return;
    }
    await work(job, () => run(parsed.data), what);
  }

  const exportJob = z.object({ exportId: z.string().uuid() });
  const kinds: OutboxKind[] = ['mail', 'push'];
  if (deps.screenPhoto) kinds.push('photo_screen');
  if (deps.buildExport) kinds.push('data_export');

  async function drain(): Promise<number> {
    let handled = 0;
    while (handled < BATCH && !stopped) {
      const job = await claimNextJob(db, { kinds, lockSeconds: deps.lockSeconds });
      if (!job) break;
      if (job.kind === 'push') await deliverPush(job);
      else if (job.kind === 'photo_screen' && deps.screenPhoto) {
        const { screenPhoto } = deps;
        await runTyped(job, screenJobSchema, (p) => screenPhoto(p.imageId), 'photo screening');
      } else if (job.kind === 'data_export' && deps.buildExport) {
        const { buildExport } = deps;
        await runTyped(job, exportJob, (p) => buildExport(p.exportId), 'data export');
      } else await deliver(job);
      handled += 1;
    }
    return handled;
  }

  function runOnce(): Promise<number> {
    const run = drain();
    inFlight.add(run);
    const forget = () => inFlight.delete(run);
    run.then(forget, forget);
    return run;
  }

  const digestEveryMs = deps.digestEveryMs ?? 60_000;
  let lastDigestRun = 0;

  async function tick() {
    timer = null;
    let handled = 0;
    try {
      if (digestEveryMs > 0 && Date.now() - lastDigestRun >= digestEveryMs) {
        lastDigestRun = Date.now();
        const queued = await queueDigests(db);
        if (queued > 0) log.info({ queued }, 'outbox: digest mails queued');
      }
      handled = await runOnce();
    } catch (error) {
      if (!stopped) log.error({ err: error }, 'outbox: poll failed');
    }
    if (stopped) return;
    // A full batch means more may be waiting: go on at once, else wait for the next poll.
    timer = setTimeout(tick, handled >= BATCH ? 0 : pollIntervalMs);
    timer.unref();
  }

  timer = setTimeout(tick, 0);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.allSettled([...inFlight]);
      deps.transport.close();
    },
  };
}

/** The worker of one app instance, configured from its settings (server.ts and tests). */
export function startAppOutboxWorker(
  app: {
    db: Kysely<Database>;
    config: AppConfig;
    log: FastifyBaseLogger;
    imageStorage: ImageStorage;
  },
  overrides: Partial<Omit<OutboxWorkerDeps, 'publicUrl'>> = {},
): OutboxWorker {
  const { photoScreening } = app.config;
  const screening = photoScreening.enabled && {
    screenPhoto: (imageId: number) =>
      screenPhoto(
        {
          db: app.db,
          storage: app.imageStorage,
          classifier: processPhotoClassifier(),
          threshold: photoScreening.threshold,
          log: app.log,
        },
        imageId,
      ),
  };
  const exports = {
    buildExport: (exportId: string) =>
      buildExport(
        { db: app.db, storage: app.imageStorage, exportsDir: app.config.exportsDir },
        exportId,
      ),
  };
  return startOutboxWorker(
    app.db,
    {
      ...exports,
      transport: createMailTransport(app.config),
      publicUrl: app.config.publicUrl,
      pushSubject: vapidSubject(app.config.publicUrl, app.config.mailFrom),
      pushServiceHosts: app.config.pushServiceHosts,
      ...screening,
      ...overrides,
    },
    app.log,
  );
}
