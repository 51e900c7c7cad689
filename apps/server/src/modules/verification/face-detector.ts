import { createModelThread } from '../../lib/model-thread.js';
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
  const thread = createModelThread<FaceDetection>(WORKER_URL, 'face detection');

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
    const pixels = new Uint8Array(data);
    const answer = await thread.ask({ pixels, width: info.width, height: info.height }, [
      pixels.buffer,
    ]);
    if (!answer.faces) throw new Error('face detection failed: no answer');
    const scale = (width ?? info.width) / info.width;
    return {
      ms: answer.ms ?? 0,
      loadMs: answer.loadMs ?? 0,
      faces: answer.faces.map((f) => ({
        x: f.x * scale,
        y: f.y * scale,
        width: f.width * scale,
        height: f.height * scale,
        score: f.score,
      })),
    };
  };

  return {
    detect,
    async count(image) {
      return (await detect(image)).faces.length;
    },
    close: () => thread.close(),
  };
}

let shared: FaceDetector | null = null;

/** This process's face detector: the model is loaded once, at the first selfie. */
export function processFaceDetector(): FaceDetector {
  shared ??= createFaceDetector();
  return shared;
}
