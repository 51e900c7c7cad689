import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../../apps/server/src/db/schema.js';
import { changeCredits } from '../../apps/server/src/modules/credits/credit-ledger.repository.js';
import { createConversation, createMember } from '../../apps/server/src/test/factories.js';
import { type SmtpSink, startSmtpSink } from '../../apps/server/src/test/test-app.js';
import { NGINX, nginxConfig, startNginx } from '../support/nginx.js';
import { startPgCluster } from '../support/pg-cluster.js';
import { createPushServiceCa, startPushService } from '../support/push-service.js';
import { freePort, type RunningServer, startServer } from '../support/server.js';

const MEMBERS = 30;
const MESSAGES = 300;
const CREDITS = 100;
/** bigint ids as numbers, as the server reads them; for this pool only (isolate: false). */
const numberIds = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === 20
      ? Number
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  body: string;
  cookie?: string;
}

/** One member's app without a browser: HTTP calls on kept-alive connections, and a socket. */
class MemberClient {
  cookie = '';
  readonly agent: Agent;
  /** The messages this member's client holds (as the app's cache: by id). */
  readonly held = new Map<number, { conversation: number; sender: number }>();
  socket: WebSocket | null = null;
  reconnects = 0;
  closed = false;

  constructor(
    readonly base: string,
    readonly id: number,
    /** Its own loopback address: nginx and the rate limits see 30 visitors, not one. */
    readonly address: string,
    readonly conversations: number[],
  ) {
    this.agent = new Agent({ keepAlive: true, localAddress: address, maxSockets: 4 });
  }

  call(method: string, path: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        `${this.base}${path}`,
        {
          method,
          agent: this.agent,
          headers: {
            'x-app-package': 'com.amora.app',
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(this.cookie ? { cookie: this.cookie } : {}),
          },
          timeout: 10_000,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => {
            const session = (res.headers['set-cookie'] ?? []).find((c) =>
              c.startsWith('amora_session='),
            );
            if (session) this.cookie = session.split(';')[0]!;
            resolve({ status: res.statusCode ?? 0, body: text });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** The live channel; when it drops, it comes back and fetches what it missed meanwhile. */
  async connect(): Promise<void> {
    for (;;) {
      try {
        await this.open();
        return;
      } catch {
        if (this.closed) return;
        await sleep(150);
      }
    }
  }

  private open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${this.base.replace('http', 'ws')}/api/live.php`, {
        headers: { cookie: this.cookie, origin: this.base },
        localAddress: this.address,
      });
      socket.on('message', (data) => {
        const event = JSON.parse(String(data)) as {
          type: string;
          message?: { id: number; conversation: number; sender: number };
        };
        if (event.type === 'message' && event.message && event.message.sender !== this.id) {
          this.held.set(event.message.id, event.message);
        }
      });
      socket.once('open', () => {
        this.socket = socket;
        socket.once('close', () => {
          if (this.closed) return;
          this.reconnects += 1;
          // As the app does: back, then the conversations' newest pages for what it missed.
          void this.connect().then(() => this.catchUp());
        });
        resolve();
      });
      socket.once('unexpected-response', (_req, res) => reject(new Error(`${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  /** Every message of its conversations from the other member, page by page. */
  async catchUp(): Promise<void> {
    for (const conversation of this.conversations) {
      let before: number | undefined;
      for (;;) {
        const query = `conversation=${conversation}${before ? `&before=${before}` : ''}`;
        const res = await this.call('GET', `/api/messages.php?${query}`).catch(() => null);
        if (res?.status !== 200) {
          await sleep(150);
          continue;
        }
        const page = JSON.parse(res.body) as {
          messages: { id: number; conversation: number; sender: number }[];
          has_more: boolean;
        };
        for (const m of page.messages) if (m.sender !== this.id) this.held.set(m.id, m);
        if (!page.has_more || page.messages.length === 0) break;
        before = page.messages[0]!.id;
      }
    }
  }

  close() {
    this.closed = true;
    this.socket?.close();
    this.agent.destroy();
  }
}

/**
 * Issue 45's kill -9 drill: two production instances behind nginx on a cluster of their
 * own; 30 members send 300 messages with `client_id`, each retried until acknowledged,
 * while one instance is killed with SIGKILL and started again.
 */
describe('drill: an instance killed under load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amora-kill-'));
  let cluster: Awaited<ReturnType<typeof startPgCluster>>;
  let db: Kysely<Database>;
  let sink: SmtpSink;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let instances: RunningServer[] = [];
  let envs: Record<string, string>[] = [];
  let nginx: ChildProcess | null = null;
  let base = '';
  const started = Date.now();

  beforeAll(async () => {
    cluster = await startPgCluster();
    sink = await startSmtpSink();
    const ca = createPushServiceCa(join(dir, 'push-ca.pem'));
    pushService = await startPushService(ca);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = {
      MODE: 'production',
      DATABASE_URL: cluster.url,
      SMTP_URL: sink.url,
      SECRET_KEY: 'kill-drill-secret-key-0123456789abcdef',
      PUBLIC_URL: base,
      TRUST_PROXY: '1',
      PHOTO_SCREENING: 'off',
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      NODE_EXTRA_CA_CERTS: ca.certFile,
      LOG_LEVEL: 'warn',
    };
    envs = ['a', 'b'].map((name) => {
      mkdirSync(join(dir, name));
      return { ...env, DATA_DIR: join(dir, name) };
    });
    instances = [await startServer(envs[0]!)];
    instances.push(await startServer(envs[1]!));
    envs[0]!.PORT = new URL(instances[0]!.url).port;
    nginx = await startNginx(
      dir,
      nginxConfig(
        dir,
        port,
        instances.map((i) => new URL(i.url).host),
      ),
      port,
    );
    db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: cluster.url, max: 4, types: numberIds }),
      }),
    });
  }, 60_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await Promise.all(instances.map((i) => i.stop()));
    await db?.destroy();
    await sink?.close();
    await pushService?.close();
    await cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
    console.log(`kill -9 drill: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it('stores, charges, notifies and delivers each message once, though an instance died', async () => {
    expect(NGINX).toBeTruthy();
    // Thirty members in a ring: each writes to the next and hears from the one before.
    const people: Awaited<ReturnType<typeof createMember>>[] = [];
    const endpoints: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const member = await createMember(db, { name: `Member ${i}` });
      await changeCredits(db, { memberId: member.id, amount: CREDITS, reason: 'opening' });
      const subscription = pushService.subscription();
      endpoints.push(subscription.endpoint);
      await db
        .insertInto('push_subscriptions')
        .values({
          member_id: member.id,
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
        })
        .execute();
      people.push(member);
    }
    const ring: number[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      ring.push(await createConversation(db, people[i]!.id, people[(i + 1) % MEMBERS]!.id));
    }
    const clients = people.map(
      (member, i) =>
        new MemberClient(base, member.id, `127.0.2.${i + 1}`, [
          ring[i]!,
          ring[(i + MEMBERS - 1) % MEMBERS]!,
        ]),
    );
    await Promise.all(
      clients.map(async (client, i) => {
        const res = await client.call('POST', '/api/login.php', {
          email: people[i]!.email,
          password: people[i]!.password,
        });
        expect(res.status, res.body).toBe(200);
        await client.connect();
      }),
    );

    const acknowledged: number[] = [];
    let failedTries = 0;
    /** Sends one message until the answer is 2xx, with the same client_id each time. */
    const send = async (client: MemberClient, conversation: number, n: number) => {
      const body = {
        conversation,
        text: `Message ${n} from ${client.id}`,
        client_id: randomUUID(),
      };
      for (let tries = 0; ; tries++) {
        const res = await client.call('POST', '/api/messages.php', body).catch(() => null);
        if (res && res.status >= 200 && res.status < 300) {
          acknowledged.push(JSON.parse(res.body).message.id);
          return;
        }
        // A refusal that is no instance's failure would never pass: stop the drill.
        if (res && res.status < 500 && res.status !== 429) throw new Error(res.body);
        failedTries += 1;
        if (tries > 100) throw new Error(`message ${n} of ${client.id} never acknowledged`);
        await sleep(100);
      }
    };

    const perMember = MESSAGES / MEMBERS;
    const load = Promise.all(
      clients.map(async (client, i) => {
        for (let n = 0; n < perMember; n++) await send(client, ring[i]!, n);
      }),
    );
    // The kill, a third of the way in: the instance dies mid-request, then starts again.
    let loadFailed: unknown = null;
    load.catch((error) => {
      loadFailed = error;
    });
    while (acknowledged.length < MESSAGES / 3 && !loadFailed) await sleep(10);
    if (loadFailed) throw loadFailed;
    const victim = instances[0]!;
    victim.process.kill('SIGKILL');
    await new Promise((resolve) => victim.process.once('exit', resolve));
    const killedAt = acknowledged.length;
    instances[0] = await startServer(envs[0]!);
    await load;
    console.log(
      `kill -9 drill: killed after ${killedAt} acknowledged, ${failedTries} tries failed, ` +
        `${clients.reduce((n, c) => n + c.reconnects, 0)} sockets came back`,
    );
    expect(acknowledged).toHaveLength(MESSAGES);

    // Stored exactly once, by client_id.
    const stored = await db
      .selectFrom('messages')
      .select(['id', 'sender_id', 'client_id', 'conversation_id'])
      .execute();
    expect(stored).toHaveLength(MESSAGES);
    expect(new Set(stored.map((m) => `${m.sender_id}/${m.client_id}`)).size).toBe(MESSAGES);
    expect(new Set(acknowledged)).toEqual(new Set(stored.map((m) => m.id)));

    // The ledger equals the messages' cost (one credit each by default).
    const ledger = await db
      .selectFrom('credit_ledger')
      .select([sql<string>`coalesce(sum(amount), 0)`.as('total'), sql<string>`count(*)`.as('rows')])
      .where('reason', '=', 'message')
      .executeTakeFirstOrThrow();
    expect(Number(ledger.total)).toBe(-MESSAGES);
    expect(Number(ledger.rows)).toBe(MESSAGES);
    // Each balance is its ledger's sum, and each member paid for its ten messages only.
    const books = await db
      .selectFrom('members')
      .innerJoin('credit_ledger', 'credit_ledger.member_id', 'members.id')
      .select([
        'members.credits',
        sql<string>`sum(credit_ledger.amount)`.as('sum'),
        sql<string>`sum(credit_ledger.amount) filter (where reason = 'message')`.as('paid'),
      ])
      .groupBy('members.id')
      .execute();
    expect(books).toHaveLength(MEMBERS);
    for (const book of books) {
      expect(Number(book.sum)).toBe(book.credits);
      expect(Number(book.paid)).toBe(-perMember);
    }

    // Each recipient's client holds each message sent to it once: live or by its catch-up.
    const expected = (client: MemberClient) =>
      stored
        .filter((m) => m.conversation_id === client.conversations[1] && m.sender_id !== client.id)
        .map((m) => m.id)
        .sort((a, b) => a - b);
    await expect
      .poll(() => clients.every((c) => c.held.size === expected(c).length), { timeout: 10_000 })
      .toBe(true);
    for (const client of clients) {
      expect([...client.held.keys()].sort((a, b) => a - b)).toEqual(expected(client));
    }

    // The notifications, written in each message's transaction: one count per message.
    const notified = await db
      .selectFrom('notifications')
      .select(['member_id', sql<string>`sum(count)`.as('count')])
      .where('kind', '=', 'message')
      .groupBy('member_id')
      .execute();
    expect(notified).toHaveLength(MEMBERS);
    expect(notified.every((n) => Number(n.count) === perMember)).toBe(true);

    // A message queues no mail (the digest is daily, modules/notifications): its outbox
    // job is the push. One push job per message (queued in its transaction); a job the killed instance had
    // taken becomes due when its lock runs out: here at once, not in five minutes.
    await db
      .updateTable('outbox')
      .set({ run_after: sql<Date>`now()` })
      .where('status', '=', 'sending')
      .execute();
    const pushJobs = await db
      .selectFrom('outbox')
      .select([sql<string>`payload->>'message'`.as('message'), 'status'])
      .where('kind', '=', 'push')
      .execute();
    expect(pushJobs.map((j) => Number(j.message)).sort((a, b) => a - b)).toEqual(
      stored.map((m) => m.id).sort((a, b) => a - b),
    );
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('outbox')
              .select('id')
              .where('kind', '=', 'push')
              .where('status', '!=', 'sent')
              .execute()
          ).length,
        { timeout: 20_000, interval: 250 },
      )
      .toBe(0);
    // What reached the push service names stored messages only, by their tag.
    const storedIds = new Set(stored.map((m) => m.id));
    const pushed = endpoints.flatMap((endpoint) => pushService.receivedBy(endpoint));
    expect(pushed.length).toBeGreaterThan(0);
    for (const payload of pushed) {
      expect(storedIds.has(Number(String(payload.tag).replace('message-', '')))).toBe(true);
    }
    for (const client of clients) client.close();
  }, 60_000);
});
