/**
 * The contract between the job loop (modules/jobs) and each kind's handler, which stays
 * with its module (mail, push, images, privacy). It lives below the modules so a handler
 * can state it without importing the loop that runs it.
 */

/** One claimed job as its handler sees it. */
export interface ClaimedJob {
  id: number;
  memberId: number | null;
  payload: unknown;
  /** Tries so far, this one included. */
  attempts: number;
  /** No try comes after this one, whatever the outcome. */
  lastTry: boolean;
}

/** What is written back on the job's row besides its state. */
export interface JobRecord {
  /** A rendered mail kept for the development mailbox; null keeps none. */
  rendered?: object | null;
  /** Replaces the stored payload (a mail's secrets dropped once they were used). */
  payload?: Record<string, unknown>;
}

export type JobOutcome =
  | { status: 'done'; record?: JobRecord }
  /** `retry: false` gives the job up now (a payload that can never work). */
  | { status: 'failed'; error: string; retry: boolean; record?: JobRecord }
  /** The row itself goes (a mail whose address must be kept nowhere). */
  | { status: 'erase' };

/** Runs the jobs of one kind. A handler that throws is retried like `failed` with `retry`. */
export interface JobHandler {
  run(job: ClaimedJob): Promise<JobOutcome>;
  /** Caps the back-off: a job about now (a push) is retried soon or not at all. */
  maxRetryDelayMs?: number;
  /**
   * Tried again after every failure, never given up (an object that must leave the store
   * whenever it answers again); the back-off stays at its longest step.
   */
  retriesForever?: boolean;
}
