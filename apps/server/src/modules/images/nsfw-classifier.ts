import { Worker } from 'node:worker_threads';
import { loadSharp } from '../../lib/sharp.js';
import { SERVER_ROOT } from '../../server-root.js';

/** The model's five classes, each with its probability (they sum to 1). */
export type NsfwProbabilities = Record<'Drawing' | 'Hentai' | 'Neutral' | 'Porn' | 'Sexy', number>;

export interface Classification {
  probabilities: NsfwProbabilities;
  /** P(Porn) + P(Hentai): what the threshold compares ("Sexy" alone never flags). */
  nudity: number;
  /** Milliseconds the model took for this photo. */
  ms: number;
  /** Milliseconds loading the model took (once per process). */
  loadMs: number;
}

export interface PhotoClassifier {
  classify(image: Buffer): Promise<Classification>;
  close(): Promise<void>;
}

const SIZE = 224;
const WORKER_URL = new URL('workers/nsfw-classifier.mjs', SERVER_ROOT);

/**
 * The photo classifier of this process (issue 18): a worker thread that loads the model on
 * first use and keeps it, so the event loop never waits for a classification. The photo is
 * brought to 224×224 RGB by sharp (on libuv's pool) and sent as raw pixels.
 */
export function createPhotoClassifier(): PhotoClassifier {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<
    number,
    { resolve: (c: Classification) => void; reject: (e: Error) => void }
  >();

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker = null;
  };

  const start = () => {
    const started = new Worker(WORKER_URL);
    started.unref();
    started.on('message', (answer: { id: number; error?: string } & Partial<Classification>) => {
      const entry = waiting.get(answer.id);
      if (!entry) return;
      waiting.delete(answer.id);
      if (answer.error || !answer.probabilities) {
        entry.reject(new Error(`photo classification failed: ${answer.error ?? 'no answer'}`));
        return;
      }
      const p = answer.probabilities;
      entry.resolve({
        probabilities: p,
        nudity: (p.Porn ?? 0) + (p.Hentai ?? 0),
        ms: answer.ms ?? 0,
        loadMs: answer.loadMs ?? 0,
      });
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (waiting.size > 0) failAll(new Error(`the classifier thread stopped (${code})`));
      worker = null;
    });
    return started;
  };

  return {
    async classify(image) {
      const sharp = await loadSharp();
      const { data } = await sharp(image)
        .resize(SIZE, SIZE, { fit: 'fill' })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      worker ??= start();
      const id = ++next;
      const pixels = new Uint8Array(data);
      const answer = new Promise<Classification>((resolve, reject) =>
        waiting.set(id, { resolve, reject }),
      );
      // While a photo is classified the thread keeps the process alive; idle, it does not.
      worker.ref();
      worker.postMessage({ id, pixels }, [pixels.buffer]);
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

let shared: PhotoClassifier | null = null;

/** This process's classifier: the model is loaded once, at the first photo. */
export function processPhotoClassifier(): PhotoClassifier {
  shared ??= createPhotoClassifier();
  return shared;
}
