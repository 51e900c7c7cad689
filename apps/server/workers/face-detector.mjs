// The face check's thread (issue 48, docs/decisions/062): @vladmandic/face-api's SSD
// MobileNet v1, shipped inside the package, through its `face-api.node-wasm.js` build on
// TensorFlow.js's WebAssembly backend, loaded once. It takes RGB pixels of any size and
// answers the faces found (box in those pixels, score). Plain JavaScript, so the same file
// runs under the built server and under the tests.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

const require = createRequire(import.meta.url);
// The .wasm files come from node_modules, never from a CDN.
setWasmPaths(
  `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`,
);

/** Below this score a detection is not a face (the model's own default). */
const MIN_CONFIDENCE = 0.5;

async function loadModel() {
  const started = performance.now();
  await tf.setBackend('wasm');
  await tf.ready();
  // The build requires @tensorflow/tfjs itself: the same module instance as above.
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
  const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE });
  return { faceapi, options, loadMs: performance.now() - started };
}

const ready = loadModel();

parentPort.on('message', async ({ id, pixels, width, height }) => {
  try {
    const { faceapi, options, loadMs } = await ready;
    const started = performance.now();
    const input = tf.tensor3d(new Uint8Array(pixels), [height, width, 3], 'int32');
    try {
      const detections = await faceapi.detectAllFaces(input, options);
      const faces = detections.map(({ box, score }) => ({
        x: box.x,
        y: box.y,
        width: box.width,
        height: box.height,
        score,
      }));
      parentPort.postMessage({ id, faces, ms: performance.now() - started, loadMs });
    } finally {
      input.dispose();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
