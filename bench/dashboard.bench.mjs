// The staff console's dashboard (issue 21, docs/decisions/037) at scale: BENCH_MEMBERS
// members (default 1 000 000 on PostgreSQL, 100 000 on PGlite) who signed up over two years,
// ten messages and a tenth of an order each, in a throwaway database (PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL names a server, else PGlite). Then the seven-day
// figures as the API computes them, timed, with each query's plan: every count must read an
// index range, never the whole table. The first view stores the closed days' counts
// (daily_figures) and is reported apart; the target is for every later view: p95 under
// 100 ms at a million.
// Needs the built server (`npm run bench` builds it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../apps/server/dist/db/migrate.js';
import { createPgliteDialect } from '../apps/server/dist/db/pglite-dialect.js';
import { dashboardFigures } from '../apps/server/dist/modules/staff/dashboard.service.js';

const SERVER_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? (SERVER_URL ? 1_000_000 : 100_000));
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const TARGET_P95_MS = 100;

async function openDb() {
  if (SERVER_URL) {
    const name = `amora_dashboard_bench_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString() });
    // The drop below ends idle connections: that is not an error worth hiding the real one.
    pool.on('error', () => {});
    const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return {
      kind: 'PostgreSQL',
      db,
      async drop() {
        await db.destroy();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'amora-dashboard-bench-'));
  const client = await PGlite.create(join(dir, 'pgdata'), {
    parsers: { [pgliteTypes.INT8]: Number, [pgliteTypes.DATE]: (v) => v },
  });
  const db = new Kysely({ dialect: createPgliteDialect(client) });
  return {
    kind: 'PGlite',
    db,
    async drop() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Members over two years, their messages over the same span, and paid orders. */
async function seed(db, n) {
  await sql`
    insert into members (email, signup_date, activated_at, last_active_at, fictional, tracking)
    select 'bench' || i || '@example.com', t, t + interval '5 minutes', t, true, '{}'
    from (select i, now() - (random() * interval '730 days') as t
          from generate_series(1, ${n}) i) s`.execute(db);
  // One conversation per ten members, each with a hundred messages over the two years.
  await sql`
    insert into conversations (member_low, member_high)
    select m, m + 1 from generate_series(1, ${n} - 1, 10) m`.execute(db);
  await sql`
    insert into conversation_members (conversation_id, member_id)
    select id, member_low from conversations union all select id, member_high from conversations`.execute(
    db,
  );
  await sql`
    insert into messages (conversation_id, sender_id, text, created_at)
    select c.id, c.member_low, 'hello', now() - (random() * interval '730 days')
    from conversations c, generate_series(1, 100)`.execute(db);
  await sql`
    insert into orders (id, member_id, product, credits, premium_days, amount, currency, method,
                        provider, status, created_at, paid_at)
    select gen_random_uuid(), m, 'credits-50', 50, 0, 1750, 'EUR', 'card', 'demo', 'paid', t, t
    from (select m, now() - (random() * interval '730 days') as t
          from generate_series(1, ${n}, 10) m) s`.execute(db);
  // As autovacuum leaves a table in service: statistics and the visibility map (index-only scans).
  await sql`vacuum analyze`.execute(db);
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

const bench = await openDb();
try {
  const { db } = bench;
  await migrateToLatest(db);
  console.log(`Dashboard on ${bench.kind}, ${MEMBERS.toLocaleString('en')} members`);
  let start = performance.now();
  await seed(db, MEMBERS);
  console.log(`  seeded in ${((performance.now() - start) / 1000).toFixed(1)} s`);

  for (const [table, column] of [
    ['members', 'signup_date'],
    ['members', 'activated_at'],
    ['messages', 'created_at'],
    ['orders', 'paid_at'],
  ]) {
    const { rows } = await sql`explain select count(*) from ${sql.table(table)}
      where ${sql.ref(column)} >= now() - interval '7 days'`.execute(db);
    const plan = rows.map((r) => r['QUERY PLAN']).join(' ');
    const indexed = /Index/.test(plan);
    console.log(
      `  ${`${table}.${column}`.padEnd(22)} ${indexed ? 'index range' : 'NO INDEX: ' + plan}`,
    );
  }

  // The first view stores the six closed days (daily_figures); every later one reads them.
  start = performance.now();
  await dashboardFigures(db);
  console.log(`  first view (stores the closed days) ${(performance.now() - start).toFixed(1)} ms`);
  const times = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    start = performance.now();
    await dashboardFigures(db);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 0.5);
  const p95 = percentile(times, 0.95);
  console.log(
    `  dashboard.php figures   p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target p95 < ${TARGET_P95_MS} ms at 1M) ${p95 < TARGET_P95_MS ? 'ok' : 'OVER'}`,
  );
} finally {
  await bench.drop();
}
