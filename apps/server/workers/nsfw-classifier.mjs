// The photo classifier's thread (issue 18, docs/decisions/034): nsfwjs's MobileNetV2, shipped
// inside the package, on TensorFlow.js's WebAssembly backend, loaded once. It takes 224×224
// RGB pixels and answers the five class probabilities. Plain JavaScript, so the same file
// runs under the built server and under the tests.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

const require = createRequire(import.meta.url);
// The .wasm files come from node_modules, never from a CDN.
setWasmPaths(
  `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`,
);

const SIZE = 224;

async function loadModel() {
  const started = performance.now();
  await tf.setBackend('wasm');
  await tf.ready();
  // nsfwjs tells the console where its model comes from (the bundled one): not our log's.
  const info = console.info;
  console.info = () => {};
  try {
    const nsfw = await import('nsfwjs');
    const model = await nsfw.load('MobileNetV2');
    return { model, loadMs: performance.now() - started };
  } finally {
    console.info = info;
  }
}

const ready = loadModel();

parentPort.on('message', async ({ id, pixels }) => {
  try {
    const { model, loadMs } = await ready;
    const started = performance.now();
    const input = tf.tensor3d(new Uint8Array(pixels), [SIZE, SIZE, 3], 'int32');
    try {
      const predictions = await model.classify(input, 5);
      const probabilities = Object.fromEntries(
        predictions.map((p) => [p.className, p.probability]),
      );
      parentPort.postMessage({ id, probabilities, ms: performance.now() - started, loadMs });
    } finally {
      input.dispose();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
