// Sockets (issue 45): one built instance holds BENCH_SOCKETS (5 000) live connections
// (`ws` clients, one session each) for BENCH_SECONDS (300) while BENCH_RATE (20) messages a
// second flow between members. Prints the server's resident memory before the sockets, once
// they are open and at the end (flat or growing), the memory per connection, the send →
// first delivery latency (p50, p99), and the database writes the open channels imply
// (presence rows on connect and every other ping, the session's last-seen on a send), read
// from PostgreSQL's own table statistics. PostgreSQL only (BENCH_DATABASE_URL or
// TEST_DATABASE_URL): the statistics are the count, and PGlite keeps none outside the server.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import { startServer } from './support.mjs';

const SERVER_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const RATE = Number(process.env.BENCH_RATE ?? 20);
// Several tabs and devices a member (5 by default): seeding 5 000 demo members outlasts the
// start's two minutes on a loaded machine.
const MEMBERS = Math.max(
  2,
  Math.min(SOCKETS, Number(process.env.BENCH_MEMBERS ?? Math.ceil(SOCKETS / 5))),
);
const headers = { 'content-type': 'application/json', 'x-app-package': 'bench' };
const PRESENCE_TABLES = ['page_presence', 'sessions', 'members'];

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The server's resident memory, from the kernel (what the operator's dashboard shows). */
function rssOf(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) * 1024;
}

/** Inserts, updates and deletes PostgreSQL has counted per table so far. */
async function writesOf(db) {
  // An idle backend flushes its counts within 10 s (PostgreSQL 15's PGSTAT_IDLE_INTERVAL).
  await new Promise((r) => setTimeout(r, 11_000));
  const { rows } = await db.query(
    'select relname, n_tup_ins::int ins, n_tup_upd::int upd, n_tup_del::int del from pg_stat_user_tables where relname = any($1)',
    [PRESENCE_TABLES],
  );
  return Object.fromEntries(rows.map((r) => [r.relname, r]));
}

if (!SERVER_URL) {
  console.log('sockets: skipped, needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)');
} else {
  const softLimit = Number(
    readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+(\d+)/)?.[1] ?? 0,
  );
  if (softLimit < SOCKETS + 1000) {
    throw new Error(
      `sockets: ${SOCKETS} connections need more open files than ${softLimit}: run under \`ulimit -n ${SOCKETS * 2}\``,
    );
  }
  await run();
}

async function run() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const dbName = `amora_bench_sockets_${Date.now()}`;
  await admin.query(`create database ${dbName}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-bench-sockets-'));
  const seeding = performance.now();
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    SEED_MEMBERS: String(MEMBERS),
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    DEMO_REPLY_SECONDS: '0',
  });
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const sockets = [];
  let stopping = false;
  try {
    console.log(
      `sockets: ${SOCKETS} connections of ${MEMBERS} members, ${RATE} messages/s for ${SECONDS} s (load average ${load()}; started and seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s)`,
    );
    // Members who may write (confirmed, real, with credits), one session per connection and
    // a conversation per pair, made in the database: 5 000 logins would time Argon2 instead.
    const { rows: members } = await db.query(
      `update members set activated_at = now(), fictional = false, credits = 1000000, status = 'active'
       where id in (select id from members where email is not null order by id limit $1) returning id`,
      [MEMBERS],
    );
    const ids = members.map((m) => m.id).sort((a, b) => a - b);
    const sessions = Array.from({ length: SOCKETS }, (_, i) => ({
      member: ids[i % ids.length],
      token: randomBytes(32).toString('base64url'),
    }));
    for (let i = 0; i < sessions.length; i += 1000) {
      const batch = sessions.slice(i, i + 1000);
      await db.query(
        `insert into sessions (id, member_id, expires_at)
         select unnest($1::text[]), unnest($2::int[]), now() + interval '30 days'`,
        [
          batch.map((s) => createHash('sha256').update(s.token).digest('hex')),
          batch.map((s) => s.member),
        ],
      );
    }
    const pairs = [];
    for (let i = 0; i + 1 < ids.length; i += 2) pairs.push([ids[i], ids[i + 1]]);
    const { rows: conversations } = await db.query(
      `insert into conversations (member_low, member_high)
       select unnest($1::int[]), unnest($2::int[]) returning id::int, member_low, member_high`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    await db.query(
      `insert into conversation_members (conversation_id, member_id, opened_at)
       select c.id, m, now() from conversations c, unnest(array[c.member_low, c.member_high]) m`,
    );
    const cookieOf = new Map();
    for (const s of sessions) if (!cookieOf.has(s.member)) cookieOf.set(s.member, s.token);

    const rssBefore = rssOf(server.pid);
    const writesBefore = await writesOf(db);
    const wsUrl = `${server.url.replace(/^http/, 'ws')}/api/live.php`;
    const arrivals = new Map();
    let delivered = 0;
    let closedEarly = 0;
    const opening = performance.now();
    for (let i = 0; i < sessions.length; i += 100) {
      await Promise.all(
        sessions.slice(i, i + 100).map(
          (s) =>
            new Promise((resolve, reject) => {
              const socket = new WebSocket(wsUrl, {
                headers: { cookie: `amora_session=${s.token}` },
                perMessageDeflate: false,
              });
              socket.once('open', () => {
                sockets.push(socket);
                resolve();
              });
              socket.once('error', reject);
              socket.on('close', () => {
                if (!stopping) closedEarly += 1;
              });
              socket.on('message', (data) => {
                const event = JSON.parse(String(data));
                if (event.type !== 'message') return;
                delivered += 1;
                const sent = arrivals.get(event.message.text);
                if (sent && sent.first === null) sent.first = performance.now() - sent.at;
              });
            }),
        ),
      );
    }
    const openSeconds = (performance.now() - opening) / 1000;
    const rssOpen = rssOf(server.pid);
    const writesOpen = await writesOf(db);
    console.log(
      `  ${SOCKETS} sockets open in ${openSeconds.toFixed(1)} s; RSS ${mb(rssBefore)} before, ${mb(rssOpen)} open: ${((rssOpen - rssBefore) / SOCKETS / 1024).toFixed(1)} KB a connection`,
    );

    // Traffic: RATE sends a second, each from one side of a random conversation.
    let sends = 0;
    let failed = 0;
    const samples = [];
    const started = performance.now();
    const sampler = setInterval(() => samples.push(rssOf(server.pid)), 10_000);
    await new Promise((resolve) => {
      const tick = setInterval(() => {
        if (performance.now() - started >= SECONDS * 1000) {
          clearInterval(tick);
          resolve();
          return;
        }
        const c = conversations[Math.floor(Math.random() * conversations.length)];
        const from = Math.random() < 0.5 ? c.member_low : c.member_high;
        const text = `bench ${sends}`;
        sends += 1;
        arrivals.set(text, { at: performance.now(), first: null });
        fetch(`${server.url}/api/messages.php`, {
          method: 'POST',
          headers: { ...headers, cookie: `amora_session=${cookieOf.get(from)}` },
          body: JSON.stringify({ conversation: c.id, text }),
        })
          .then(async (res) => {
            if (!res.ok) {
              failed += 1;
              if (failed <= 3) console.log(`  send failed: ${res.status} ${await res.text()}`);
            } else await res.arrayBuffer();
          })
          .catch(() => {
            failed += 1;
          });
      }, 1000 / RATE);
    });
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 2000));
    const rssEnd = rssOf(server.pid);
    const writesEnd = await writesOf(db);

    const latencies = [...arrivals.values()]
      .map((a) => a.first)
      .filter((v) => v !== null)
      .sort((a, b) => a - b);
    const lost = sends - failed - latencies.length;
    console.log(
      `  ${sends} messages in ${SECONDS} s (${failed} failed, ${lost} not delivered, ${delivered} deliveries to sockets); send → first delivery p50 ${percentile(latencies, 0.5)?.toFixed(1)} ms, p99 ${percentile(latencies, 0.99)?.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
    );
    const all = [rssOpen, ...samples, rssEnd];
    console.log(
      `  RSS at start ${mb(rssOpen)}, at end ${mb(rssEnd)} (min ${mb(Math.min(...all))}, max ${mb(Math.max(...all))}, ${closedEarly} sockets closed by the server)`,
    );
    for (const table of PRESENCE_TABLES) {
      const a = writesOpen[table];
      const b = writesEnd[table];
      const o = writesBefore[table];
      console.log(
        `  ${table}: while opening ${a.ins - o.ins} inserts, ${a.upd - o.upd} updates; during the traffic ${b.ins - a.ins} inserts, ${b.upd - a.upd} updates (${((b.upd - a.upd) / SECONDS).toFixed(1)}/s), ${b.del - a.del} deletes`,
      );
    }
    console.log(`  load average at the end ${load()}`);
  } finally {
    stopping = true;
    for (const socket of sockets) socket.terminate();
    await db.end();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
