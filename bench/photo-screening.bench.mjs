// Photo screening (issue 18, docs/decisions/034): how long the classifier thread takes to
// load nsfwjs's MobileNetV2 on TensorFlow.js's WebAssembly backend (once per process), and
// each photo after that, sharp's 224×224 resize included. Needs the built server.
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { createPhotoClassifier } from '../apps/server/dist/modules/images/nsfw-classifier.js';
import { renderPortrait } from '../apps/server/dist/modules/seed/portrait.js';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 40);
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

const classifier = createPhotoClassifier();
try {
  const photos = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      i % 2
        ? renderPortrait(`bench-${i}`, i % 4 === 1 ? 'female' : 'male').then((p) => p.full)
        : sharp({
            create: {
              width: 1200,
              height: 1500,
              channels: 3,
              background: { r: 40 * i, g: 120, b: 90 },
            },
          })
            .jpeg()
            .toBuffer(),
    ),
  );
  const started = performance.now();
  const first = await classifier.classify(photos[0]);
  const firstMs = performance.now() - started;
  const total = [];
  const model = [];
  for (let i = 0; i < PHOTOS; i++) {
    const t = performance.now();
    const result = await classifier.classify(photos[i % photos.length]);
    total.push(performance.now() - t);
    model.push(result.ms);
  }
  total.sort((a, b) => a - b);
  model.sort((a, b) => a - b);
  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log(`Photo screening: ${PHOTOS} photos after the first`);
  console.log(`  model load (in the thread)        ${ms(first.loadMs)}`);
  console.log(`  first photo, load included        ${ms(firstMs)}`);
  console.log(
    `  per photo, model only   p50 ${ms(percentile(model, 0.5))}  p95 ${ms(percentile(model, 0.95))}`,
  );
  console.log(
    `  per photo, with resize  p50 ${ms(percentile(total, 0.5))}  p95 ${ms(percentile(total, 0.95))}`,
  );
} finally {
  await classifier.close();
}
