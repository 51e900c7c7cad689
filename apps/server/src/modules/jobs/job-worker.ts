import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, OutboxKind } from '../../db/schema.js';
import { isDatabaseUnavailable } from '../../lib/database-unavailable.js';
import type { JobHandler, JobOutcome } from '../../lib/job-contract.js';
import {
  claimNextJob,
  deleteJob,
  MAX_ATTEMPTS,
  markJobFailed,
  markJobSent,
  type OutboxJob,
  retryDelayMs,
} from './job.repository.js';

/** Work done on a timer beside the queue (queueing the digest mails). */
export interface PeriodicTask {
  name: string;
  /** How often; 0 never. */
  everyMs: number;
  /** Answers how many jobs it queued, for the log. */
  run(): Promise<number>;
}

export interface JobWorkerOptions {
  /** The kinds this worker takes, each with its handler; other kinds wait for another. */
  handlers: Partial<Record<OutboxKind, JobHandler>>;
  periodic?: readonly PeriodicTask[];
  /** Pause between polls of an empty queue; default 500 ms. */
  pollIntervalMs?: number;
  /** Seconds a claimed job stays locked to this worker; default 5 minutes. */
  lockSeconds?: number;
  /** Back-off after `attempts` failed tries; default 30 s, 2 min, 10 min, 1 h. */
  retryDelayMs?: (attempts: number) => number;
  /** Called once the worker stopped (to close a mail transport). */
  onStop?: () => void;
}

export interface JobWorker {
  /** Stops polling and waits for the job in hand to finish. */
  stop(): Promise<void>;
  /** Works every due job now; resolves with how many it handled. */
  runOnce(): Promise<number>;
}

/** Jobs handled in one go before the worker yields to its timer again. */
const BATCH = 50;

const errorText = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * Works the outbox: every app instance runs one. Each job is claimed in a short transaction
 * of its own, then run by its kind's handler outside any transaction (PGlite has one
 * connection, and SMTP may be slow), and its outcome written back: done, retried with
 * back-off up to MAX_ATTEMPTS tries, given up, or erased. Delivery is at least once: a
 * worker that dies after the work but before writing leaves the job to run again when its
 * lock ends.
 */
export function startJobWorker(
  db: Kysely<Database>,
  options: JobWorkerOptions,
  log: FastifyBaseLogger,
): JobWorker {
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const backoff = options.retryDelayMs ?? retryDelayMs;
  const kinds = Object.keys(options.handlers) as OutboxKind[];
  const inFlight = new Set<Promise<number>>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function record(job: OutboxJob, handler: JobHandler, outcome: JobOutcome) {
    if (outcome.status === 'erase') return deleteJob(db, job.id);
    if (outcome.status === 'done') return markJobSent(db, job.id, outcome.record);
    const retry = outcome.retry && (handler.retriesForever || job.attempts < MAX_ATTEMPTS);
    log.warn(
      { outboxId: job.id, kind: job.kind, attempts: job.attempts, err: outcome.error },
      retry ? `jobs: ${job.kind} failed, will retry` : `jobs: ${job.kind} failed, giving up`,
    );
    const delay = Math.min(backoff(job.attempts), handler.maxRetryDelayMs ?? Infinity);
    await markJobFailed(db, job.id, {
      rendered: null,
      ...outcome.record,
      error: outcome.error,
      retryInMs: retry ? delay : null,
    });
  }

  async function work(job: OutboxJob): Promise<void> {
    const handler = options.handlers[job.kind];
    if (!handler) return; // claimed only by kind: cannot happen
    const outcome = await handler
      .run({
        id: job.id,
        memberId: job.member_id,
        payload: job.payload,
        attempts: job.attempts,
        lastTry: !handler.retriesForever && job.attempts >= MAX_ATTEMPTS,
      })
      .catch(
        (error: unknown): JobOutcome => ({
          status: 'failed',
          error: errorText(error),
          retry: true,
        }),
      );
    await record(job, handler, outcome);
  }

  async function drain(): Promise<number> {
    let handled = 0;
    while (handled < BATCH && !stopped) {
      const job = await claimNextJob(db, { kinds, lockSeconds: options.lockSeconds });
      if (!job) break;
      await work(job);
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

  const lastRun = new Map<string, number>();

  async function runPeriodic() {
    for (const task of options.periodic ?? []) {
      if (task.everyMs <= 0 || Date.now() - (lastRun.get(task.name) ?? 0) < task.everyMs) continue;
      lastRun.set(task.name, Date.now());
      const queued = await task.run();
      if (queued > 0) log.info({ queued }, `jobs: ${task.name} queued`);
    }
  }

  async function tick() {
    timer = null;
    let handled = 0;
    try {
      await runPeriodic();
      handled = await runOnce();
    } catch (error) {
      // A database that is down is said once a poll as a warning: it is the operator's
      // outage, already answered 503 to members, not a fault of the jobs.
      if (!stopped && isDatabaseUnavailable(error)) {
        log.warn('jobs: poll failed, the database is unavailable');
      } else if (!stopped) log.error({ err: error }, 'jobs: poll failed');
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
      options.onStop?.();
    },
  };
}
