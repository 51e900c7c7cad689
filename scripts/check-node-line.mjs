#!/usr/bin/env node
// A short check of the product on the Node it runs on (`.ci/run` uses it on the machine's
// own Node 20, after the whole suite ran on Node 24): `npm start` serves the home page and
// answers the API, and one API test file passes. Exits non-zero when either fails.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './prepare.mjs';

const API_TEST_FILE = 'apps/server/src/routes/api/user.test.ts';

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npm start` as a developer runs it, on its own port and data; true when it answered. */
async function startAnswers() {
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-node-line-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_MEMBERS: '3' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 180_000;
  let ok = false;
  try {
    while (Date.now() < deadline && child.exitCode === null) {
      try {
        const health = await fetch(`${url}/api/health`);
        if (health.ok) {
          const home = await fetch(`${url}/`);
          const settings = await fetch(`${url}/api/settings.php`, {
            headers: { 'x-app-package': 'check' },
          });
          ok = home.ok && (await home.text()).includes('<html') && settings.ok;
          break;
        }
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) =>
      child.exitCode === null ? child.once('exit', resolve) : resolve(),
    );
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!ok) console.error(`npm start did not answer on Node ${process.version}:\n${output}`);
  return ok;
}

const started = await startAnswers();
console.log(`npm start on Node ${process.version}: ${started ? 'answers' : 'FAILED'}`);
const api = spawnSync('npx', ['vitest', 'run', '--project', 'api-pglite', API_TEST_FILE], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
console.log(
  `${API_TEST_FILE} on Node ${process.version}: ${api.status === 0 ? 'passed' : 'FAILED'}`,
);
process.exit(started && api.status === 0 ? 0 : 1);
