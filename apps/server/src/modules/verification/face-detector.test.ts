import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createFaceDetector } from './face-detector.js';

// The group photos that ship with the package (demo/sample1…6.jpg, three to five people each).
const require = createRequire(import.meta.url);
const samples = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const sample = (n: number) => join(samples, `sample${n}.jpg`);

// One detector (one thread, one model) for the whole file.
const detector = createFaceDetector();
afterAll(() => detector.close());

/** One face of a group photo, with room around it, at selfie size. */
async function oneFace(file: string) {
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

describe('face detector', () => {
  it('finds no face in a picture without one', async () => {
    const noise = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: 'black',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    expect(await detector.count(noise)).toBe(0);
  });

  it('finds several faces in a group photo', async () => {
    const faces = await detector.count(await sharp(sample(1)).toBuffer());
    expect(faces).toBeGreaterThan(1);
  });

  it('finds exactly one face in a single face cut from a group photo', async () => {
    const selfie = await oneFace(sample(3));
    expect(await detector.count(selfie)).toBe(1);
  });

  it('turns a phone photo upright by its EXIF orientation before looking', async () => {
    // Stored lying on its side, with the tag that tells a viewer to turn it back.
    const selfie = await oneFace(sample(3));
    const sideways = await sharp(selfie).rotate(270).withMetadata({ orientation: 6 }).toBuffer();
    expect(await detector.count(sideways)).toBe(1);
  });
});
