import { type TransferListItem, Worker } from 'node:worker_threads';

/** What a model's thread answers: the asked id, and an error or the answer's own fields. */
type Answer<T> = { id: number; error?: string } & Partial<T>;

export interface ModelThread<T> {
  /** Sends `message` (with `transfer`) and waits for the thread's answer to it. */
  ask(message: Record<string, unknown>, transfer: TransferListItem[]): Promise<Answer<T>>;
  close(): Promise<void>;
}

/**
 * One worker thread running a model (the photo classifier, the face check): started at the
 * first request and kept, so the model loads once and the event loop never waits for it.
 * Requests carry an id; a thread that fails or stops rejects everything still waiting, and
 * the next request starts a new one. While a request waits the thread keeps the process
 * alive; idle, it does not.
 */
export function createModelThread<T>(workerUrl: URL, what: string): ModelThread<T> {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<
    number,
    { resolve: (a: Answer<T>) => void; reject: (e: Error) => void }
  >();

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker = null;
  };

  const start = () => {
    const started = new Worker(workerUrl);
    started.unref();
    started.on('message', (answer: Answer<T>) => {
      const entry = waiting.get(answer.id);
      if (!entry) return;
      waiting.delete(answer.id);
      if (answer.error) entry.reject(new Error(`${what} failed: ${answer.error}`));
      else entry.resolve(answer);
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (waiting.size > 0) failAll(new Error(`the ${what} thread stopped (${code})`));
      worker = null;
    });
    return started;
  };

  return {
    async ask(message, transfer) {
      worker ??= start();
      const id = ++next;
      const answer = new Promise<Answer<T>>((resolve, reject) =>
        waiting.set(id, { resolve, reject }),
      );
      worker.ref();
      worker.postMessage({ ...message, id }, transfer);
      try {
        return await answer;
      } finally {
        if (waiting.size === 0) worker?.unref();
      }
    },
    async close() {
      const current = worker;
      worker = null;
      if (current) await current.terminate();
    },
  };
}
