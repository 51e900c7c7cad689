// Member search under load, the scenario of issue 24: 5 000 members in the embedded database
// (PGlite, one connection inside the server's process), `GET /api/search.php` with 10
// connections kept busy by autocannon; the p95 of the answers' latency against 30 ms.
// autocannon's own histogram reports p90 and p97.5 but not p95, so every answer's time is
// collected from its `response` event and the percentiles are read from the sorted list.
// `BENCH_MEMBERS` (5 000) and `BENCH_SECONDS` (10 per search) change the size and length.
// Needs the built server (`npm run bench` builds it).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { Kysely } from 'kysely';
import { migrateToLatest } from '../apps/server/dist/db/migrate.js';
import { createPgliteDialect } from '../apps/server/dist/db/pglite-dialect.js';
import { seed } from './search-seed.mjs';
import { startServer } from './support.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const TARGET_P95_MS = 30;
const DEMO_PASSWORD = 'amora-demo-2026';

/** The searches timed: what the search screen asks first, logged in and logged out. */
const SEARCHES = [
  { label: 'logged in, own country (the default)', path: '/api/search.php', loggedIn: true },
  {
    label: 'logged in, all countries, page 2',
    path: '/api/search.php?searchAllCountries=1&page=2',
    loggedIn: true,
  },
  { label: 'logged out', path: '/api/search.php', loggedIn: false },
];

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** Runs autocannon against one URL and returns every 200 answer's latency (ms), sorted. */
async function load(url, headers) {
  const times = [];
  let other = 0;
  const instance = autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode === 200) times.push(responseTime);
    else other++;
  });
  const result = await instance;
  return { times: times.sort((a, b) => a - b), other, rps: result.requests.average };
}

const dataDir = mkdtempSync(join(tmpdir(), 'amora-search-load-'));
let server = null;
try {
  console.log(`Search under load: ${MEMBERS.toLocaleString('en')} members on PGlite`);
  const client = await PGlite.create(join(dataDir, 'pgdata'), {
    parsers: { [pgliteTypes.INT8]: Number, [pgliteTypes.DATE]: (v) => v },
  });
  const db = new Kysely({ dialect: createPgliteDialect(client) });
  await migrateToLatest(db);
  await seed(db, MEMBERS);
  await db.destroy();

  server = await startServer({
    DATA_DIR: dataDir,
    SEED_MEMBERS: '1', // the database has members: this only creates the demo account
    DEMO_PASSWORD,
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
  });
  const login = await fetch(`${server.url}/api/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-package': 'bench' },
    body: JSON.stringify({ email: 'demo@amora.test', password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status}`);
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  // As a browser asks: compressed answers accepted.
  const headersOf = (search) => ({
    'accept-encoding': 'gzip, deflate, br',
    ...(search.loggedIn ? { cookie } : {}),
  });
  // A freshly started server is slower for its first few hundred calls (JIT, caches).
  for (let round = 0; round < 100; round++) {
    for (const search of SEARCHES) {
      const res = await fetch(`${server.url}${search.path}`, { headers: headersOf(search) });
      if (!res.ok) throw new Error(`${search.path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  }

  const loadAverage = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(`Load average before: ${loadAverage()} (${cpus().length} cores)`);
  console.log(
    `${'search'.padEnd(40)} ${'p50'.padStart(8)} ${'p90'.padStart(8)} ${'p95'.padStart(8)} ${'p97.5'.padStart(8)}  ${'req/s'.padStart(6)}  target`,
  );
  for (const search of SEARCHES) {
    const { times, other, rps } = await load(`${server.url}${search.path}`, headersOf(search));
    const at = (p) => `${percentile(times, p).toFixed(1).padStart(5)} ms`;
    const p95 = percentile(times, 0.95);
    const verdict = p95 <= TARGET_P95_MS ? 'met' : 'NOT met';
    console.log(
      `${search.label.padEnd(40)} ${at(0.5)} ${at(0.9)} ${at(0.95)} ${at(0.975)}  ${rps.toFixed(0).padStart(6)}  p95 ≤ ${TARGET_P95_MS} ms: ${verdict}${other ? ` (${other} non-200)` : ''}`,
    );
  }
  console.log(`Load average after: ${loadAverage()}`);
} finally {
  if (server) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
