import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signupCsrf } from '@amora/shared/rules/signup-csrf';
import { LIVE_PATH, type LiveEvent } from '@amora/shared/schemas/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type SmtpSink, startSmtpSink } from '../../apps/server/src/test/test-app.js';
import { type PgCluster, startPgCluster } from '../support/pg-cluster.js';
import { freePort, type RunningServer, startServer } from '../support/server.js';

/** How long the database stays down, and how soon after its start every call must serve. */
const DOWN_MS = 10_000;
const BACK_WITHIN_MS = 10_000;

interface Answer {
  status: number;
  body: string;
}

/** One member as an HTTP client of the API: its session cookie and nothing else. */
class Member {
  cookie = '';
  id = 0;
  constructor(readonly base: string) {}

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        'x-app-package': 'com.amora.app',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith('amora_session='));
    if (session) this.cookie = session.split(';')[0]!;
    return { status: res.status, body: await res.text() };
  }

  /** Signs up as the form does and follows the activation link (the mail from SMTP). */
  async join(sink: SmtpSink, name: string): Promise<void> {
    const email = `${name.toLowerCase()}.${Date.now()}@example.com`;
    const check = await this.call('GET', `/api/validate_email.php?email=${email}`);
    const { token } = JSON.parse(check.body) as { token: string };
    const signup = await this.call('POST', '/api/user.php?new=1', {
      email,
      name,
      password: 'a-good-password',
      country: 'NL',
      language: 'en',
      token,
      csrf: signupCsrf(token, email),
    });
    expect(signup.status, signup.body).toBe(200);
    this.id = (JSON.parse(signup.body) as { user: { id: number } }).user.id;
    const [mail] = await sink.waitForMailsTo(email, 1, 20_000);
    const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')![0]);
    expect((await this.call('GET', link.pathname + link.search)).status).toBe(302);
  }

  /** The live channel as a tab opens it; every event it hears is kept. */
  openLive(): Promise<{ socket: WebSocket; events: LiveEvent[] }> {
    const events: LiveEvent[] = [];
    const socket = new WebSocket(`${this.base.replace(/^http/, 'ws')}${LIVE_PATH}`, {
      headers: { cookie: this.cookie, origin: this.base },
    });
    socket.on('message', (data) => events.push(JSON.parse(String(data)) as LiveEvent));
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve({ socket, events }));
      socket.once('error', reject);
    });
  }

  /** The texts of a conversation's newest page, as the app reads it on a resync. */
  async messageTexts(conversation: number): Promise<string[]> {
    const res = await this.call('GET', `/api/messages.php?conversation=${conversation}`);
    expect(res.status, res.body).toBe(200);
    return (JSON.parse(res.body) as { messages: { text: string }[] }).messages.map((m) => m.text);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 45's database restart: PostgreSQL stopped for 10 s under traffic and started again.
 * Meanwhile the API says 503 `unavailable` (never a 500); within 10 s of the start every call
 * serves again, each open live socket is told to resync, and a message sent while the live
 * channel was deaf reaches its recipient all the same.
 */
describe('drill: the database restarted under traffic', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amora-drill-db-'));
  let cluster: PgCluster;
  let sink: SmtpSink;
  let server: RunningServer;

  let setupBegan = 0;

  beforeAll(async () => {
    setupBegan = Date.now();
    [cluster, sink] = await Promise.all([startPgCluster(), startSmtpSink()]);
    const port = await freePort();
    server = await startServer({
      MODE: 'production',
      PORT: String(port),
      DATABASE_URL: cluster.url,
      SMTP_URL: sink.url,
      SECRET_KEY: 'drill-secret-key-0123456789abcdefghij',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dir,
      PHOTO_SCREENING: 'off',
      WELCOME_CREDITS: '50',
    });
  });

  afterAll(async () => {
    await server?.stop();
    await sink?.close();
    await cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 unavailable while down, serves within 10 s after, resyncs every socket and misses no message', async (context) => {
    context.onTestFailed(() => {
      // The requests that failed, and whatever the process wrote that is not a log line.
      const notable = server
        .output()
        .split('\n')
        .filter((line) => !line.startsWith('{"level"') || line.includes('"request failed"'));
      console.info(`server output:\n${notable.join('\n').slice(-8000)}`);
      console.info(`PostgreSQL log:\n${readFileSync(cluster.logFile, 'utf8').slice(-2000)}`);
    });
    const anna = new Member(server.url);
    const bram = new Member(server.url);
    await Promise.all([anna.join(sink, 'Anna'), bram.join(sink, 'Bram')]);
    const chat = await anna.call('GET', `/api/chat.php?profile=${bram.id}`);
    expect(chat.status, chat.body).toBe(200);
    const conversation = (JSON.parse(chat.body) as { id: number }).id;
    const tabs = [await anna.openLive(), await bram.openLive(), await bram.openLive()];

    // Traffic: both members read their lists and the conversation, over and over.
    /** Each answer with when its request left (`from`) and when it came back (`at`). */
    const answers: { from: number; at: number; path: string; status: number; body: string }[] = [];
    let traffic = true;
    const ask = async (member: Member, method: string, path: string, body?: unknown) => {
      const from = Date.now();
      // A refused connection (the instance died) counts as a failed answer, status 0.
      const res = await member.call(method, path, body).catch((error: Error) => ({
        status: 0,
        body: String(error.cause ?? error),
      }));
      answers.push({
        from,
        at: Date.now(),
        path: method === 'GET' ? path : `${method} ${path}`,
        ...res,
      });
      return res;
    };
    const reader = async (member: Member, paths: string[]) => {
      while (traffic) {
        for (const path of paths) await ask(member, 'GET', path);
        await sleep(100);
      }
    };
    // Bram writes too, so that transactions are under way when the connections are cut;
    // each reply is sent again with its client_id until acknowledged.
    const replies: string[] = [];
    const writer = async () => {
      // At most 20, so that the conversation's newest page (30) holds them all.
      while (traffic && replies.length < 20) {
        const text = `Reply ${replies.length + 1}`;
        const clientId = randomUUID();
        while (traffic) {
          const res = await ask(bram, 'POST', '/api/messages.php', {
            conversation,
            text,
            client_id: clientId,
          });
          if (res.status === 200) {
            replies.push(text);
            break;
          }
          await sleep(150);
        }
        await sleep(150);
      }
    };
    // Anna opens the conversation before the traffic starts. (Both members' first messages
    // at the same moment can deadlock in markConversationStarted: a 500 of its own, reported
    // apart from this drill.)
    const before = await anna.call('POST', '/api/messages.php', {
      conversation,
      text: 'Before the restart',
      client_id: randomUUID(),
    });
    expect(before.status, before.body).toBe(200);
    const readers = Promise.all([
      reader(anna, ['/api/chats.php', '/api/notifications.php']),
      reader(bram, [`/api/messages.php?conversation=${conversation}`, '/api/chats.php']),
      writer(),
    ]);
    await sleep(1_000);

    await cluster.stop();
    const stoppedAt = Date.now();
    // Anna sends while the database is down, as the app's outbox does: the same client_id
    // again until the server acknowledges it.
    const clientId = randomUUID();
    let sentAt = 0;
    const sending = (async () => {
      for (;;) {
        const res = await ask(anna, 'POST', '/api/messages.php', {
          conversation,
          text: 'Sent while the database was away',
          client_id: clientId,
        });
        if (res.status === 200) {
          sentAt = Date.now();
          return;
        }
        await sleep(200);
      }
    })();
    await sleep(2_000);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable' });
    await sleep(DOWN_MS - (Date.now() - stoppedAt));
    // PostgreSQL accepts connections a little before pg_ctl sees it ready: between the two
    // an answer may be either.
    const startingAt = Date.now();
    await cluster.start();
    const startedAt = Date.now();

    // Every socket hears `resync` once the listener is back; the client then does what the
    // app does: it reads the open conversation again.
    await expect
      .poll(() => tabs.every((tab) => tab.events.some((e) => e.type === 'resync')), {
        timeout: BACK_WITHIN_MS,
        interval: 50,
      })
      .toBe(true);
    const resyncedAfter = Date.now() - startedAt;
    await sending;
    // Read after the resync (as the app does), or the message came live.
    const heardLive = tabs[1]!.events.some(
      (e) => e.type === 'message' && e.message.text === 'Sent while the database was away',
    );
    expect(await bram.messageTexts(conversation)).toEqual(
      expect.arrayContaining(['Before the restart', 'Sent while the database was away']),
    );

    // Every kind of call serves again within the budget.
    await sleep(300);
    traffic = false;
    await readers;
    // Each message acknowledged is stored once, though many were sent several times.
    const texts = await anna.messageTexts(conversation);
    for (const text of ['Sent while the database was away', ...replies]) {
      expect(
        texts.filter((t) => t === text),
        text,
      ).toHaveLength(1);
    }
    const paths = [...new Set(answers.map((a) => a.path))];
    const servedAgain = paths.map((path) => {
      const after = answers.filter((a) => a.path === path && a.at > startingAt);
      const firstOk = after.find((a) => a.status === 200);
      return { path, ms: firstOk ? Math.max(0, firstOk.at - startedAt) : Infinity };
    });
    for (const { path, ms } of servedAgain) {
      expect(ms, `${path} serves again`).toBeLessThanOrEqual(BACK_WITHIN_MS);
    }

    // While down: 503 unavailable, never a 500 or anything else; no stack in any answer.
    // Asked after the stop, answered before the start.
    const down = answers.filter((a) => a.from > stoppedAt && a.at < startingAt);
    expect(down.length).toBeGreaterThan(10);
    expect(
      down
        .filter((a) => a.status !== 503)
        .map(
          (a) =>
            `${a.path} ${a.status} asked ${new Date(a.from).toISOString()} (stopped ${new Date(stoppedAt).toISOString()}) ${a.body.slice(0, 100)}`,
        ),
    ).toEqual([]);
    for (const answer of answers) {
      expect([200, 503], `${answer.path}: ${answer.body}`).toContain(answer.status);
      if (answer.status === 503) {
        expect(JSON.parse(answer.body).error.code).toBe('unavailable');
      }
      expect(answer.body).not.toMatch(/ECONNREFUSED|57P0|\bat .+\.js:\d+/);
    }
    for (const tab of tabs) tab.socket.close();

    // The whole drill, from the cluster's initdb on: its budget is 60 s.
    const seconds = (Date.now() - setupBegan) / 1000;
    expect(seconds).toBeLessThanOrEqual(60);
    console.info(
      `drill database-restart: ${seconds.toFixed(1)} s (down ${((startedAt - stoppedAt) / 1000).toFixed(1)} s; ` +
        `resync ${resyncedAfter} ms after start; message sent ${Math.max(0, sentAt - startedAt)} ms after start, ` +
        `${heardLive ? 'heard live' : 'fetched on resync'}; ${replies.length} replies stored once; served again: ${servedAgain
          .map(({ path, ms }) => `${path} ${ms} ms`)
          .join(', ')})`,
    );
  }, 60_000);
});
