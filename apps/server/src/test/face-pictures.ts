import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { FaceDetector } from '../modules/verification/face-detector.js';

// The group photos that ship with the face model's package (demo/sample1…6.jpg, three to
// five people each): real faces for the face check's tests, nothing kept in the repository.
const require = createRequire(import.meta.url);
const samples = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
export const sample = (n: number) => join(samples, `sample${n}.jpg`);

/** One face of a group photo (the surest the detector finds), with room around it, at selfie size. */
export async function oneFace(file: string, detector: Pick<FaceDetector, 'detect'>) {
  const image = await sharp(file).toBuffer();
  const { faces } = await detector.detect(image);
  const face = faces.toSorted((a, b) => b.score - a.score)[0]!;
  const { width, height } = await sharp(image).metadata();
  const left = Math.max(0, Math.round(face.x - face.width * 0.4));
  const top = Math.max(0, Math.round(face.y - face.height * 0.5));
  return sharp(image)
    .extract({
      left,
      top,
      width: Math.min(width - left, Math.round(face.width * 1.8)),
      height: Math.min(height - top, Math.round(face.height * 2)),
    })
    .resize({ width: 720 })
    .jpeg()
    .toBuffer();
}
