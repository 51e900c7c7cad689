import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { oneFace as cutFace, sample } from '../../test/face-pictures.js';
import { createFaceDetector } from './face-detector.js';

// One detector (one thread, one model) for the whole file.
const detector = createFaceDetector();
afterAll(() => detector.close());
const oneFace = (file: string) => cutFace(file, detector);

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
