import { Worker } from 'node:worker_threads';
import { loadSharp } from '../../lib/sharp.js';
import { SERVER_ROOT } from '../../server-root.js';

/** A face the model found, in the pixels of the image as given (turned upright by its EXIF). */
export interface DetectedFace {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The model's confidence, 0.5 to 1. */
  score: number;
}

export interface FaceDetection {
  faces: DetectedFace[];
  /** Milliseconds the model took for this image. */
  ms: number;
  /** Milliseconds loading the model took (once per thread). */
  loadMs: number;
}

export interface FaceDetector {
  detect(image: Buffer): Promise<FaceDetection>;
  /** How many faces the image shows (a selfie for verification must show exactly one). */
  count(image: Buffer): Promise<number>;
  close(): Promise<void>;
}

/**
 * The model (SSD MobileNet v1) sees 512×512: the image is padded to a square and brought to
 * that size inside it, so more pixels than 512 on the longest side only cost memory (the
 * thread's WebAssembly heap grows with the input and never shrinks) and transfer.
 */
const LONGEST_SIDE = 512;
const WORKER_URL = new URL('workers/face-detector.mjs', SERVER_ROOT);

/**
 * The face check of this process (issue 48): a worker thread that loads the model on first
 * use and keeps it, so the event loop never waits for a detection. The image is turned
 * upright, brought to at most 512 px on its longest side and to RGB by sharp (on libuv's
 * pool) and sent as raw pixels; the boxes come back in the image's own pixels.
 */
export function createFaceDetector(): FaceDetector {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<
    number,
    { resolve: (d: FaceDetection) => void; reject: (e: Error) => void }
  >();

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker = null;
  };

  const start = () => {
    const started = new Worker(WORKER_URL);
    started.unref();
    started.on('message', (answer: { id: number; error?: string } & Partial<FaceDetection>) => {
      const entry = waiting.get(answer.id);
      if (!entry) return;
      waiting.delete(answer.id);
      if (answer.error || !answer.faces) {
        entry.reject(new Error(`face detection failed: ${answer.error ?? 'no answer'}`));
        return;
      }
      entry.resolve({ faces: answer.faces, ms: answer.ms ?? 0, loadMs: answer.loadMs ?? 0 });
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (waiting.size > 0) failAll(new Error(`the face detection thread stopped (${code})`));
      worker = null;
    });
    return started;
  };

  const detect = async (image: Buffer): Promise<FaceDetection> => {
    const sharp = await loadSharp();
    const meta = await sharp(image).metadata();
    const { width } = meta.autoOrient ?? meta;
    const { data, info } = await sharp(image)
      .autoOrient()
      .resize(LONGEST_SIDE, LONGEST_SIDE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`face detection got ${info.channels} channels`);
    worker ??= start();
    const id = ++next;
    const pixels = new Uint8Array(data);
    const answer = new Promise<FaceDetection>((resolve, reject) =>
      waiting.set(id, { resolve, reject }),
    );
    // While an image is checked the thread keeps the process alive; idle, it does not.
    worker.ref();
    worker.postMessage({ id, pixels, width: info.width, height: info.height }, [pixels.buffer]);
    try {
      const detection = await answer;
      const scale = (width ?? info.width) / info.width;
      return {
        ...detection,
        faces: detection.faces.map((f) => ({
          x: f.x * scale,
          y: f.y * scale,
          width: f.width * scale,
          height: f.height * scale,
          score: f.score,
        })),
      };
    } finally {
      if (waiting.size === 0) worker?.unref();
    }
  };

  return {
    detect,
    async count(image) {
      return (await detect(image)).faces.length;
    },
    async close() {
      const current = worker;
      worker = null;
      if (current) await current.terminate();
    },
  };
}

let shared: FaceDetector | null = null;

/** This process's face detector: the model is loaded once, at the first selfie. */
export function processFaceDetector(): FaceDetector {
  shared ??= createFaceDetector();
  return shared;
}
