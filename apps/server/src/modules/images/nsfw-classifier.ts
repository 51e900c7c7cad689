import { createModelThread } from '../../lib/model-thread.js';
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
  const thread = createModelThread<Classification>(WORKER_URL, 'photo classification');
  return {
    async classify(image) {
      const sharp = await loadSharp();
      const { data } = await sharp(image)
        .resize(SIZE, SIZE, { fit: 'fill' })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = new Uint8Array(data);
      const answer = await thread.ask({ pixels }, [pixels.buffer]);
      const p = answer.probabilities;
      if (!p) throw new Error('photo classification failed: no answer');
      return {
        probabilities: p,
        nudity: (p.Porn ?? 0) + (p.Hentai ?? 0),
        ms: answer.ms ?? 0,
        loadMs: answer.loadMs ?? 0,
      };
    },
    close: () => thread.close(),
  };
}

let shared: PhotoClassifier | null = null;

/** This process's classifier: the model is loaded once, at the first photo. */
export function processPhotoClassifier(): PhotoClassifier {
  shared ??= createPhotoClassifier();
  return shared;
}
