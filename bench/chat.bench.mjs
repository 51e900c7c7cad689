// Chat (issue 7): message send → delivery latency to the receiver's live channel on ANOTHER
// app instance (p50/p95; target p95 under 100 ms on one machine), and sends per second.
// Two instances share a throwaway PostgreSQL database when BENCH_DATABASE_URL or
// TEST_DATABASE_URL names a server; otherwise one instance on PGlite (said in the output).
// Sends per second are one member's burst into one conversation: the worst case, as every
// send of that member waits for the one before it on their balance row.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';
import { startServer } from './support.mjs';

const SERVER_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const headers = { 'content-type': 'application/json', 'x-app-package': 'bench' };

const dataDir = mkdtempSync(join(tmpdir(), 'amora-bench-chat-'));
const env = {
  DATA_DIR: dataDir,
  SEED_MEMBERS: '0',
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'warn',
  WELCOME_CREDITS: '1000000',
};
let dbName = null;
let admin = null;
if (SERVER_URL) {
  admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  dbName = `amora_bench_chat_${Date.now()}`;
  await admin.query(`create database ${dbName}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  env.DATABASE_URL = url.toString();
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function signUp(base, name) {
  const email = `${name.toLowerCase()}.${Date.now()}@bench.test`;
  const { token } = await (await fetch(`${base}/api/validate_email.php?email=${email}`)).json();
  const res = await fetch(`${base}/api/user.php?new=1`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email,
      name,
      password: 'bench-password',
      country: 'NL',
      language: 'en',
      token,
      csrf: createHash('sha512').update(`${token}:${email}`).digest('hex'),
    }),
  });
  if (!res.ok) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const { user } = await res.json();
  return { id: user.id, email, cookie: res.headers.get('set-cookie').split(';')[0] };
}

/** Follows the activation link from the development mailbox (only activated members chat). */
async function activate(base, email) {
  for (let i = 0; i < 100; i++) {
    const html = await (await fetch(`${base}/_dev/mailbox`)).text();
    const section = html.split('<article').find((part) => part.includes(email));
    const link = section?.match(/https?:\/\/[^\s<>"]*activation\.php\?token=[\w-]+/)?.[0];
    if (link) {
      const res = await fetch(`${base}${new URL(link).pathname}${new URL(link).search}`, {
        redirect: 'manual',
      });
      if (res.status >= 300 && res.status < 400) return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no activation mail for ${email}`);
}

const first = await startServer(env);
// The second instance starts on the migrated database (no race over migrations).
const second = SERVER_URL ? await startServer(env) : first;
try {
  const a = await signUp(first.url, 'Sender');
  const b = await signUp(first.url, 'Receiver');
  // Only members who confirmed their address may start a chat and write (decision 026).
  await activate(first.url, a.email);
  await activate(first.url, b.email);
  const chat = await (
    await fetch(`${first.url}/api/chat.php?profile=${b.id}`, { headers: { cookie: a.cookie } })
  ).json();

  const wsUrl = `${second.url.replace(/^http/, 'ws')}/api/live.php`;
  const socket = new WebSocket(wsUrl, { headers: { cookie: b.cookie, origin: second.url } });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const waiting = new Map();
  socket.on('message', (data) => {
    const event = JSON.parse(String(data));
    if (event.type !== 'message') return;
    waiting.get(event.message.text)?.(performance.now());
  });

  const latencies = [];
  for (let i = 0; i < SAMPLES; i++) {
    const text = `bench ${i}`;
    const arrived = new Promise((resolve) => waiting.set(text, resolve));
    const started = performance.now();
    const res = await fetch(`${first.url}/api/messages.php`, {
      method: 'POST',
      headers: { ...headers, cookie: a.cookie },
      body: JSON.stringify({ conversation: chat.id, text }),
    });
    if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`);
    latencies.push((await arrived) - started);
    waiting.delete(text);
  }
  latencies.sort((x, y) => x - y);
  const where = SERVER_URL
    ? 'PostgreSQL, sender and receiver on two instances'
    : 'PGlite, one instance';
  console.log(`send → live delivery (${where}, ${SAMPLES} messages one at a time)`);
  console.log(
    `  p50 ${percentile(latencies, 0.5).toFixed(1)} ms  p95 ${percentile(latencies, 0.95).toFixed(1)} ms  max ${latencies.at(-1).toFixed(1)} ms  (target p95 < 100 ms)`,
  );

  const result = await autocannon({
    url: `${first.url}/api/messages.php`,
    method: 'POST',
    headers: { ...headers, cookie: a.cookie },
    body: JSON.stringify({ conversation: chat.id, text: 'throughput' }),
    connections: 10,
    duration: 5,
  });
  console.log(
    `POST /api/messages.php  ${result.requests.average.toFixed(0)} sends/s  p50 ${result.latency.p50} ms  p97.5 ${result.latency.p97_5} ms${result.non2xx ? `  (${result.non2xx} non-2xx)` : ''}`,
  );
  socket.close();
} finally {
  if (second !== first) await second.stop();
  await first.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (admin) {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
