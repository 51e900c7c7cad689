import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const health = () => t.app.inject({ method: 'GET', url: '/api/health' });

describe('GET /api/health', () => {
  it('answers 200 { status: "ok" }, naming no database', async () => {
    const res = await health();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'answers 503 { status: "unavailable" } while the database takes no connections, then ok again',
    async () => {
      const name = new URL(t.testDb.url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const allow = (on: boolean) =>
        admin.query(`alter database "${name}" with allow_connections ${on}`);
      try {
        await allow(false);
        // The app's open connections go too, as when the server restarts or the link drops.
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [name],
        );
        const down = await health();
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ status: 'unavailable' });
      } finally {
        await allow(true);
        await admin.end();
      }
      // A pooled connection cut meanwhile may fail one more call; the next one serves.
      await expect.poll(async () => (await health()).statusCode, { timeout: 10_000 }).toBe(200);
      expect((await health()).json()).toEqual({ status: 'ok' });
    },
  );
});
