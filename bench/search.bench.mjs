// Member search at scale (docs/decisions/009): seeds BENCH_MEMBERS fictional members
// (default 1 000 000 on PostgreSQL, 100 000 on PGlite) with SQL into a throwaway database:
// PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (a new database,
// dropped afterwards, or kept for the next run with BENCH_KEEP_DB=1), else PGlite.
// Then, per search shape: the plan, the same queries run directly (the page with its profiles
// and photos, and the capped count, as the service runs them: the raw SQL), the HTTP API's latency one call at a
// time to the last byte of the compressed answer (on PostgreSQL taking turns with the raw
// SQL, so both meet the same machine load), the API's cost over the raw SQL (+p50, +p95),
// and requests per second with 10 connections.
// Needs the built server (`npm run bench` builds it).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../apps/server/dist/db/migrate.js';
import { createPgliteDialect } from '../apps/server/dist/db/pglite-dialect.js';
import {
  countMatches,
  searchPageProfiles,
} from '../apps/server/dist/modules/search/search.repository.js';
import { bornOnOrBefore } from '../apps/server/dist/modules/search/search.service.js';
import { seed } from './search-seed.mjs';
import { startServer } from './support.mjs';

const SERVER_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? (SERVER_URL ? 1_000_000 : 100_000));
const API_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 400);
const SQL_SAMPLES = API_SAMPLES;
const DEMO_PASSWORD = 'amora-demo-2026';
const PAGE_SIZE = 12;
const COUNT_UP_TO = 10_001;
// BENCH_KEEP_DB=1 (PostgreSQL only): seed into `amora_bench_keep_<members>` and keep it, so
// the next run with the same BENCH_MEMBERS skips the seeding (drop it by hand when done).
const KEEP_DB = Boolean(SERVER_URL) && ['1', 'true'].includes(process.env.BENCH_KEEP_DB ?? '');

/** Our Kysely on either database, logging the last statement so it can be explained. */
async function openBenchDb() {
  const log = { last: null };
  const onLog = (event) => {
    if (event.level === 'query') log.last = event.query;
  };
  if (SERVER_URL) {
    const name = KEEP_DB
      ? `amora_bench_keep_${MEMBERS}`
      : `amora_bench_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    const exists = KEEP_DB
      ? (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0
      : false;
    if (!exists) await admin.query(`create database ${name}`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
    const db = new Kysely({ dialect: new PostgresDialect({ pool }), log: onLog });
    let closed = null;
    return {
      kind: 'PostgreSQL',
      db,
      log,
      serverEnv: { DATABASE_URL: url.toString() },
      close: () => {
        closed ??= db.destroy();
        return closed;
      },
      async drop() {
        await this.close();
        if (KEEP_DB) console.log(`\nKept database ${name} (BENCH_KEEP_DB=1); drop it when done.`);
        else await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-search-bench-'));
  const client = await PGlite.create(join(dataDir, 'pgdata'), {
    parsers: { [pgliteTypes.INT8]: Number, [pgliteTypes.DATE]: (v) => v },
  });
  const db = new Kysely({ dialect: createPgliteDialect(client), log: onLog });
  return {
    kind: 'PGlite',
    db,
    log,
    serverEnv: { DATA_DIR: dataDir },
    close: () => db.destroy(),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/**
 * One GET as the web app makes it, compressed answer accepted (what `fetch` asks for), timed
 * to its last byte. The body is not decoded: unpacking it is the client's work, not the API's
 * (`fetch` adds 0.3 ms at p50 and 2 to 3 ms at p95 for that on a loaded machine).
 */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'accept-encoding': 'gzip, deflate', ...headers } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        res.on('data', () => {});
        res.on('end', resolve);
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const ms = (v) => `${v.toFixed(2).padStart(6)} ms`;

/**
 * Times each of `runs` (name → function) `count` times, one call at a time, taking turns in
 * alternating order, so that all of them meet the same load on the machine.
 */
async function sample(count, runs) {
  const names = Object.keys(runs);
  for (let i = 0; i < 10; i++) for (const name of names) await runs[name](); // warm-up
  const times = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < count; i++) {
    for (const name of i % 2 ? [...names].reverse() : names) {
      const start = performance.now();
      await runs[name]();
      times[name].push(performance.now() - start);
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const sorted = times[name].sort((a, b) => a - b);
      return [name, { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) }];
    }),
  );
}

/** The filter the service builds for a query (see search.service.ts). */
function filterFor(q, searcher) {
  const today = new Date();
  const country = q.country ?? (q.searchAllCountries || !searcher ? null : searcher.country);
  return {
    excludeMemberId: searcher?.id ?? null,
    gender: q.gender ?? null,
    country,
    countryregion: q.countryregion ?? null,
    bornOnOrBefore: bornOnOrBefore(today, q.min_age ?? 18),
    bornAfter: q.max_age ? bornOnOrBefore(today, q.max_age + 1) : null,
    withPhoto: q.pp === 1,
    hideFlagged: q.hideNudity === 1,
  };
}

const SHAPES = [
  { label: 'own country, first page', query: {} },
  { label: 'all countries, logged out', query: {}, loggedOut: true },
  {
    label: 'all countries, female 26-35',
    query: { searchAllCountries: 1, gender: 'female', min_age: 26, max_age: 35 },
  },
  {
    label: 'own country, female 26-35, photo',
    query: { gender: 'female', min_age: 26, max_age: 35, pp: 1 },
  },
  {
    label: 'region, male 56-65',
    query: { country: 'NL', countryregion: 'NL-NH', gender: 'male', min_age: 56, max_age: 65 },
  },
  { label: 'US, 36-45', query: { country: 'US', min_age: 36, max_age: 45 } },
  { label: 'own country, female 26-35', query: { gender: 'female', min_age: 26, max_age: 35 } },
  {
    label: 'own country, female 26-35, page 100',
    query: { gender: 'female', min_age: 26, max_age: 35, page: 100 },
  },
  { label: 'all countries', query: { searchAllCountries: 1 } },
  { label: 'all countries, page 100', query: { searchAllCountries: 1, page: 100 } },
  { label: 'all countries, page 1000', query: { searchAllCountries: 1, page: 1000 } },
];

/** The same search's first page, for a shape that asks for a later one. */
const firstPageOf = (shape) => {
  const { page, ...rest } = shape.query;
  if (!page) return null;
  const same = JSON.stringify(rest);
  return SHAPES.find((s) => !s.query.page && !s.loggedOut && JSON.stringify(s.query) === same);
};

/** The plan's nodes that read or sort, e.g. "Index Only Scan using …_idx on search_profiles". */
const planOf = (rows) =>
  rows
    .map((r) => r['QUERY PLAN'].trim().replace(/^->\s*/, ''))
    .filter((line) => /^(\w+ )*(Scan|Sort)\b/.test(line) && !/^Sort (Key|Method)/.test(line))
    .map((line) => line.replace(/\s*\(actual.*$/, ''))
    .join(' / ');

const handle = await openBenchDb();
console.log(`Search benchmark: ${MEMBERS.toLocaleString('en')} members on ${handle.kind}`);
let server = null;
try {
  await migrateToLatest(handle.db);
  const { seeded } =
    await sql`select count(*)::int as seeded from members where email like 'bench-%'`
      .execute(handle.db)
      .then((r) => r.rows[0]);
  if (KEEP_DB && seeded === MEMBERS) console.log('  seeded earlier (BENCH_KEEP_DB): reused');
  else if (seeded > 0)
    throw new Error(`the kept bench database holds ${seeded} members, not ${MEMBERS}: drop it`);
  else await seed(handle.db, MEMBERS);
  const { visible } = await sql`select count(*)::int as visible from search_profiles`
    .execute(handle.db)
    .then((r) => r.rows[0]);
  console.log(`  ${visible.toLocaleString('en')} members can be found\n`);

  // Blocks (issue 17): the same searches for a member who blocked 500 members and was
  // blocked by 500 others, against a member with none: the cost of the two NOT EXISTS. The
  // blocks are among the searcher's own country, whom their searches would list. Other
  // members block each other too (10 000 pairs), so the index is not the searcher's alone.
  const [blocker, clean] = await sql`
      select member_id from search_profiles where country = 'NL' order by member_id limit 2`
    .execute(handle.db)
    .then((r) => r.rows.map((row) => Number(row.member_id)));
  for (const [from, to] of [
    [sql`${blocker}`, sql`member_id`],
    [sql`member_id`, sql`${blocker}`],
  ]) {
    await sql`
      insert into blocks (blocker_id, blocked_id)
      select ${from}, ${to} from search_profiles
      where country = 'NL' and member_id not in (${blocker}, ${clean})
      order by random() limit 500
      on conflict do nothing`.execute(handle.db);
  }
  const someMembers = sql`(select member_id, row_number() over () as n from (
      select member_id from search_profiles where member_id not in (${blocker}, ${clean})
      order by random() limit 10000) picked)`;
  await sql`
    insert into blocks (blocker_id, blocked_id)
    select a.member_id, b.member_id from ${someMembers} a join ${someMembers} b using (n)
    where a.member_id <> b.member_id
    on conflict do nothing`.execute(handle.db);
  await sql`analyze blocks`.execute(handle.db);

  // Directly: the repository's two queries (the page with its profiles, the capped count) as
  // the service runs them for the demo member (who is created by the server below; an id no
  // member has stands in for the exclusion). This is the raw SQL the API is compared with.
  const searcher = { id: 0, country: 'NL' };
  const direct = new Map();
  for (const shape of SHAPES) {
    const filter = filterFor(shape.query, shape.loggedOut ? null : searcher);
    const offset = ((shape.query.page ?? 1) - 1) * PAGE_SIZE;
    const run = () =>
      Promise.all([
        searchPageProfiles(handle.db, filter, { offset, limit: PAGE_SIZE }),
        countMatches(handle.db, filter, COUNT_UP_TO),
      ]);
    const plans = [];
    for (const query of [
      () => searchPageProfiles(handle.db, filter, { offset, limit: PAGE_SIZE }),
      () => countMatches(handle.db, filter, COUNT_UP_TO),
    ]) {
      await query();
      const { sql: text, parameters } = handle.log.last;
      const explained = await handle.db.executeQuery(
        CompiledQuery.raw(`explain (analyze, costs off) ${text}`, parameters),
      );
      plans.push(planOf(explained.rows));
    }
    direct.set(shape, { run, plans });
  }
  console.log(
    'Blocks: raw SQL (page and count) without the block check (no searcher), for a searcher\n' +
      'with no blocks, and for one with 500 blocks each way',
  );
  console.log(
    `${'search'.padEnd(40)} ${'unchecked p50'.padStart(13)} ${'p95'.padStart(9)}  ${'none p50'.padStart(9)} ${'p95'.padStart(9)}  ${'blocks p50'.padStart(10)} ${'p95'.padStart(9)}`,
  );
  for (const shape of SHAPES.filter((s) => !s.loggedOut && !s.query.page)) {
    const offset = 0;
    const runFor = (id) => {
      const filter = filterFor(shape.query, { id, country: 'NL' });
      return () =>
        Promise.all([
          searchPageProfiles(handle.db, filter, { offset, limit: PAGE_SIZE }),
          countMatches(handle.db, filter, COUNT_UP_TO),
        ]);
    };
    const timed = await sample(Math.min(SQL_SAMPLES, 200), {
      unchecked: runFor(null),
      none: runFor(clean),
      blocks: runFor(blocker),
    });
    console.log(
      `${shape.label.padEnd(40)} ${ms(timed.unchecked.p50).padStart(13)} ${ms(timed.unchecked.p95)}  ${ms(timed.none.p50)} ${ms(timed.none.p95)}  ${ms(timed.blocks.p50).padStart(10)} ${ms(timed.blocks.p95)}`,
    );
  }
  // The plan shows both NOT EXISTS on an index: the key one way, the reverse index the other.
  const blockedFilter = filterFor({}, { id: blocker, country: 'NL' });
  await countMatches(handle.db, blockedFilter, COUNT_UP_TO);
  const explained = await handle.db.executeQuery(
    CompiledQuery.raw(
      `explain (analyze, costs off) ${handle.log.last.sql}`,
      handle.log.last.parameters,
    ),
  );
  console.log(`  own country count, with blocks: ${planOf(explained.rows)}`);
  console.log('');

  // PGlite is one process's database: its queries are timed before the server opens it. On
  // PostgreSQL the queries and the API calls take turns (see `sample`).
  const interleaved = handle.kind === 'PostgreSQL';
  if (!interleaved) {
    for (const entry of direct.values())
      entry.times = (await sample(SQL_SAMPLES, { sql: entry.run })).sql;
    await handle.close();
  }

  server = await startServer({
    ...handle.serverEnv,
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
  const pathOf = (shape) =>
    `/api/search.php?${new URLSearchParams(Object.entries(shape.query)).toString()}`;
  const headersOf = (shape) => (shape.loggedOut ? {} : { cookie });
  // A freshly started server is slower for its first few hundred calls (JIT, pools).
  for (let round = 0; round < 100; round++) {
    for (const shape of SHAPES) {
      const res = await fetch(`${server.url}${pathOf(shape)}`, { headers: headersOf(shape) });
      if (!res.ok) throw new Error(`${pathOf(shape)}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  }

  const loadAverage = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(`Load average before: ${loadAverage()} (${cpus().length} cores)`);
  console.log(
    `${'search'.padEnd(40)} ${'results'.padStart(8)}  ${'SQL p50'.padStart(9)} ${'SQL p95'.padStart(9)}  ${'API p50'.padStart(9)} ${'API p95'.padStart(9)}  ${'+p50'.padStart(6)} ${'+p95'.padStart(6)}  ${'req/s'.padStart(6)}`,
  );
  const plans = [];
  for (const shape of SHAPES) {
    const path = pathOf(shape);
    const headers = headersOf(shape);
    const { paging } = await (await fetch(`${server.url}${path}`, { headers })).json();
    const api = () => get(`${server.url}${path}`, headers);
    const entry = direct.get(shape);
    if (interleaved) {
      const timed = await sample(API_SAMPLES, { sql: entry.run, api });
      entry.times = timed.sql;
      entry.api = timed.api;
    } else {
      entry.api = (await sample(API_SAMPLES, { api })).api;
    }
    const load = await autocannon({
      url: `${server.url}${path}`,
      headers,
      connections: 10,
      duration: 3,
    });
    const { times, api: apiTimes, plans: shapePlans } = entry;
    const results = `${paging.num_results.toLocaleString('en')}${paging.capped ? '+' : ''}`;
    const gap = (p) => (apiTimes[p] - times[p]).toFixed(2).padStart(6);
    console.log(
      `${shape.label.padEnd(40)} ${results.padStart(8)}  ${ms(times.p50)} ${ms(times.p95)}  ${ms(apiTimes.p50)} ${ms(apiTimes.p95)}  ${gap('p50')} ${gap('p95')}  ${load.requests.average.toFixed(0).padStart(6)}${load.non2xx ? `  (${load.non2xx} non-2xx)` : ''}`,
    );
    plans.push(`  ${shape.label}\n    page:  ${shapePlans[0]}\n    count: ${shapePlans[1]}`);
  }
  console.log(`Load average after: ${loadAverage()}`);
  console.log("\nDeep pages against the same search's first page (API latency):");
  for (const shape of SHAPES) {
    const first = firstPageOf(shape);
    if (!first) continue;
    const [deep, one] = [direct.get(shape).api, direct.get(first).api];
    const ratio = (p) => `${(deep[p] / one[p]).toFixed(2)}× at ${p}`;
    console.log(`  ${shape.label.padEnd(38)} ${ratio('p50')}, ${ratio('p95')}`);
  }
  if (interleaved) await handle.close();
  console.log(`\nPlans:\n${plans.join('\n')}`);
} finally {
  agent.destroy();
  if (server) await server.stop();
  await handle.drop();
}
