import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { DatabaseHandle } from '../db/handle.js';
import { openPostgres } from '../db/postgres.js';
import { appHeaders, createTestApp, type TestApp } from '../test/test-app.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let t: TestApp;
let down: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  // An instance whose PostgreSQL is stopped: nothing listens where DATABASE_URL points.
  down = openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/amora`, 2);
  app = await buildApp({
    config: t.app.config,
    db: down.db,
    dbKind: 'postgres',
    // The live channel's listener has its own reconnecting connection (drilled in
    // e2e/drills/database-restart.test.ts); here it stays on the working database.
    listen: t.testDb.listen,
    media: t.app.media,
  });
});
afterAll(async () => {
  await app?.close();
  await down?.close();
  await t?.close();
});

describe('while the database cannot be reached', () => {
  it('answers 503 unavailable with Retry-After, never a 500 or what failed', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/settings.php' },
      {
        method: 'POST' as const,
        url: '/api/login.php',
        headers: appHeaders,
        payload: { email: 'someone@example.com', password: 'a-good-password' },
      },
    ];
    for (const call of calls) {
      const res = await app.inject(call);
      expect(res.statusCode, `${call.url}: ${res.body}`).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: { code: 'unavailable', message: expect.any(String) },
      });
      expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at .*\.js/);
    }
  });

  it('says so on /api/health for the load balancer', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('a connection cut mid-transaction', () => {
  it('fails that transaction as unavailable, and the instance carries on', async () => {
    const admin = new pg.Client({ connectionString: t.testDb.url! });
    await admin.connect();
    try {
      const failed = await t.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          // The server ends this connection while the transaction holds it idle, as a
          // restart does: pg reports it as an 'error' event on the checked-out client.
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          await new Promise((r) => setTimeout(r, 200));
          await sql`select 1`.execute(trx);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failed)).toBe(true);
      // The process is still here, and the pool serves with a fresh connection.
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json()).toEqual({ status: 'ok' });
    } finally {
      await admin.end();
    }
  });
});
