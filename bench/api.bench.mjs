// Throughput and latency of the read calls every screen makes, on the built server with
// its embedded database (RATE_LIMIT=off), beside a bare `node:http` server answering a small
// JSON object with the same autocannon settings in the same run: the machine's load moves
// both, so the share of the bare server's requests/s is what compares across runs and
// machines (issue 24's target for GET /api/user.php logged in: at least 10 %).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startServer } from './support.mjs';

const USER_SHARE_TARGET = 0.1;
const bareScript = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));

async function measure(label, url, headers = {}) {
  const result = await autocannon({ url, headers, connections: 10, duration: 5 });
  const { latency, requests, non2xx } = result;
  console.log(
    `${label.padEnd(32)} ${requests.average.toFixed(0).padStart(6)} req/s  p50 ${latency.p50} ms  p97.5 ${latency.p97_5} ms  p99 ${latency.p99} ms${non2xx ? `  (${non2xx} non-2xx)` : ''}`,
  );
  return requests.average;
}

const dataDir = mkdtempSync(join(tmpdir(), 'amora-bench-'));
const server = await startServer({
  DATA_DIR: dataDir,
  SEED_MEMBERS: '200',
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'warn',
});
const bare = await startServer({}, { script: bareScript });
try {
  const login = await fetch(`${server.url}/api/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-package': 'bench' },
    body: JSON.stringify({ email: 'demo@amora.test', password: 'amora-demo-2026' }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await measure('GET /api/settings.php', `${server.url}/api/settings.php`);
  await measure('GET /api/profile.php', `${server.url}/api/profile.php?id=42`);
  // The bare server just before and just after user.php, so the share meets the same load.
  const bareRate = await measure('bare node:http (small JSON)', `${bare.url}/`);
  const userRate = await measure('GET /api/user.php (logged in)', `${server.url}/api/user.php`, {
    cookie,
  });
  const bareAfter = await measure('bare node:http, again', `${bare.url}/`);
  const bareMean = (bareRate + bareAfter) / 2;
  const share = userRate / bareMean;
  console.log(
    `user.php logged in: ${(share * 100).toFixed(1)} % of the bare server's requests/s (target ≥ ${USER_SHARE_TARGET * 100} %) ${share >= USER_SHARE_TARGET ? 'met' : 'NOT met'}`,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await Promise.all([server.stop(), bare.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
}
