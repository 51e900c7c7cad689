import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../apps/server/src/db/schema.js';
import { createMember } from '../../apps/server/src/test/factories.js';
import {
  type StripeStandIn,
  startStripeStandIn,
} from '../../apps/server/src/test/stand-ins/stripe-stand-in.js';
import { type SmtpSink, startSmtpSink } from '../../apps/server/src/test/test-app.js';
import { startPgCluster } from '../support/pg-cluster.js';
import { freePort, type RunningServer, startServer } from '../support/server.js';

/** bigint ids as numbers, as the server reads them; for this pool only (isolate: false). */
const numberIds = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === 20
      ? Number
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

const WEBHOOK_SECRET = 'whsec_webhookCrashDrill';
type Crash = 'after-commit' | 'mid-request';

/**
 * Issue 45's webhook drill: a payment event reaches the instance while it dies. Stripe (its
 * stand-in) never hears a 2xx, delivers the same event again, and the restarted instance
 * applies it once: credits granted once, one ledger row.
 */
describe('drill: a payment webhook while the instance dies', () => {
  const dir = mkdtempSync(join(tmpdir(), 'amora-webhook-'));
  let cluster: Awaited<ReturnType<typeof startPgCluster>>;
  let db: Kysely<Database>;
  let sink: SmtpSink;
  let stripe: StripeStandIn;
  let instance: RunningServer;
  let env: Record<string, string>;
  /** Between Stripe and the instance: it kills the instance at the moment a drill chooses. */
  let gate: Server;
  let crash: Crash | null = null;
  const started = Date.now();

  const kill = async () => {
    const victim = instance.process;
    victim.kill('SIGKILL');
    if (victim.exitCode === null && victim.signalCode === null) {
      await new Promise((resolve) => victim.once('exit', resolve));
    }
  };

  beforeAll(async () => {
    cluster = await startPgCluster();
    sink = await startSmtpSink();
    stripe = await startStripeStandIn({
      webhookSecret: WEBHOOK_SECRET,
      // Production takes live events only (test-mode ones are flagged, not granted).
      livemode: true,
      retryDelaysMs: [500, 1000, 2000, 4000, 8000],
    });
    const port = await freePort();
    env = {
      MODE: 'production',
      DATABASE_URL: cluster.url,
      SMTP_URL: sink.url,
      SECRET_KEY: 'webhook-drill-secret-key-0123456789abcdef',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PHOTO_SCREENING: 'off',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_webhookCrashDrill',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      LOG_LEVEL: 'warn',
      DATA_DIR: dir,
      PORT: String(port),
    };
    instance = await startServer(env);
    gate = createServer((incoming, answer) => {
      const mode = crash;
      crash = null;
      const forward = request(
        `${instance.url}${incoming.url}`,
        { method: incoming.method, headers: incoming.headers },
        (res) => {
          if (mode === 'after-commit') {
            // The event is applied and the answer on its way: the instance dies before
            // Stripe hears it.
            void kill().then(() => answer.socket?.destroy());
            return;
          }
          answer.writeHead(res.statusCode ?? 502, res.headers);
          res.pipe(answer);
        },
      );
      forward.on('error', () => answer.socket?.destroy());
      incoming.pipe(forward);
      // Killed while the request is being handled: it may or may not have committed.
      if (mode === 'mid-request') incoming.on('end', () => void kill());
    });
    await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
    const address = gate.address();
    stripe.webhookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/payments/stripe-webhook.php`;
    db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: cluster.url, max: 2, types: numberIds }),
      }),
    });
  }, 60_000);

  afterAll(async () => {
    await instance?.stop();
    await stripe?.close();
    await new Promise((resolve) => gate?.close(resolve));
    await db?.destroy();
    await sink?.close();
    await cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
    console.log(`webhook-crash drill: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it.each<Crash>(['after-commit', 'mid-request'])(
    'grants a purchase once when the instance dies %s',
    async (mode) => {
      const member = await createMember(db, { name: `Buyer ${mode}` });
      const login = await fetch(`${instance.url}/api/login.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-package': 'com.amora.app' },
        body: JSON.stringify({ email: member.email, password: member.password }),
      });
      expect(login.status).toBe(200);
      const cookie = /amora_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
      const ordered = await fetch(`${instance.url}/api/orders.php`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-app-package': 'com.amora.app',
          cookie,
        },
        body: JSON.stringify({
          product: 'credits-20',
          method: 'card',
          waive_withdrawal: true,
          client_id: randomUUID(),
        }),
      });
      const body = await ordered.text();
      expect(ordered.status, body).toBe(200);
      const { order, redirect_url } = JSON.parse(body) as {
        order: { id: string; credits: number };
        redirect_url: string;
      };
      const before = await db
        .selectFrom('members')
        .select('credits')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();

      crash = mode;
      const sessionId = decodeURIComponent(new URL(redirect_url).pathname.split('/').pop()!);
      const [first] = await stripe.pay(sessionId);
      // Stripe heard nothing: no answer came before the instance died.
      expect(first!.status).toBe(0);
      while (instance.process.exitCode === null && instance.process.signalCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      instance = await startServer(env);
      // Stripe's next attempts reach the instance again.
      await stripe.settled();
      const attempts = stripe.deliveries.filter((d) => d.event.id === first!.event.id);
      expect(attempts.at(-1)?.status).toBe(200);
      expect(attempts.length).toBeGreaterThan(1);

      const ledger = await db
        .selectFrom('credit_ledger')
        .select(['amount', 'reason'])
        .where('order_id', '=', order.id)
        .execute();
      const events = await db.selectFrom('payment_events').selectAll().execute();
      expect(ledger, JSON.stringify({ events, attempts })).toEqual([
        { amount: order.credits, reason: 'purchase' },
      ]);
      const after = await db
        .selectFrom('members')
        .select('credits')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(after.credits - before.credits).toBe(order.credits);
    },
    40_000,
  );
});
