// Throughput and latency of the read calls every screen makes, on the built server with
// its embedded database (RATE_LIMIT=off). Prints one line per call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './support.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'amora-bench-'));
const server = await startServer({
  DATA_DIR: dataDir,
  SEED_MEMBERS: '200',
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'warn',
});
try {
  const login = await fetch(`${server.url}/api/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-package': 'bench' },
    body: JSON.stringify({ email: 'demo@amora.test', password: 'amora-demo-2026' }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const calls = [
    ['GET /api/settings.php', '/api/settings.php', {}],
    ['GET /api/profile.php', '/api/profile.php?id=42', {}],
    ['GET /api/user.php (logged in)', '/api/user.php', { cookie }],
  ];
  for (const [label, path, headers] of calls) {
    const result = await autocannon({
      url: `${server.url}${path}`,
      headers,
      connections: 10,
      duration: 5,
    });
    const { latency, requests, non2xx } = result;
    console.log(
      `${label.padEnd(32)} ${requests.average.toFixed(0).padStart(6)} req/s  p50 ${latency.p50} ms  p97.5 ${latency.p97_5} ms  p99 ${latency.p99} ms${non2xx ? `  (${non2xx} non-2xx)` : ''}`,
    );
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
