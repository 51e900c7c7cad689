import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../test/factories.js';
import { Client, createTestApp, type TestApp } from '../test/test-app.js';
import { requestLogOptions } from './request-log.js';

/** The server's own logger (server.ts builds it the same way), writing into memory. */
const lines: string[] = [];
const logger = pino(
  { level: 'info', ...requestLogOptions },
  { write: (line: string) => void lines.push(line) },
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger });
});
afterAll(() => t.close());

interface Completed {
  reqId: string;
  msg: string;
  responseTime: number;
  res: { statusCode: number; method: string; route: string | null; url: string };
}

/** The "request completed" lines of the requests made inside `run`. */
async function logsOf(run: () => Promise<unknown>) {
  const from = lines.length;
  await run();
  const own = lines.slice(from);
  const parsed = own.map((line) => JSON.parse(line) as Record<string, unknown>);
  const completed = parsed.filter((e) => e.msg === 'request completed') as unknown as Completed[];
  return { text: own.join(''), parsed, completed };
}

const token = () => randomBytes(32).toString('base64url');

describe('request logs', () => {
  it('carry request id, method, route, status and time, and no token of a mailed link', async () => {
    const activation = token();
    const reset = token();
    const undo = token();
    const signature = randomBytes(32).toString('hex');
    const client = new Client(t.app);
    const { text, completed } = await logsOf(async () => {
      await client.call({ method: 'GET', url: `/api/activation.php?token=${activation}` });
      await client.call({ method: 'GET', url: `/api/password-reset.php?token=${reset}&x=1` });
      await client.call({ method: 'GET', url: `/mail-change/do?undo=${undo}` });
      await client.call({ method: 'GET', url: `/api/unsubscribe.php?m=7&s=${signature}` });
    });

    expect(completed).toHaveLength(4);
    for (const entry of completed) {
      expect(entry.reqId).toMatch(/^[0-9a-f]{16}$/);
      expect(entry.responseTime).toEqual(expect.any(Number));
      expect(entry.res.method).toBe('GET');
      expect(entry.res.statusCode).toEqual(expect.any(Number));
    }
    const [activate, check, mailChange, unsubscribe] = completed;
    expect(activate?.res).toMatchObject({
      route: '/api/activation.php',
      url: '/api/activation.php?token=[redacted]',
      statusCode: 302,
    });
    expect(check?.res).toMatchObject({
      route: '/api/password-reset.php',
      url: '/api/password-reset.php?token=[redacted]&x=1',
      statusCode: 200,
    });
    expect(mailChange?.res.url).toBe('/mail-change/do?undo=[redacted]');
    expect(unsubscribe?.res).toMatchObject({
      route: '/api/unsubscribe.php',
      url: '/api/unsubscribe.php?m=7&s=[redacted]',
    });
    // The request id ties the incoming line to the completed one.
    const ids = new Set(completed.map((e) => e.reqId));
    expect(ids.size).toBe(4);

    for (const secret of [activation, reset, undo, signature]) expect(text).not.toContain(secret);
  });

  it('leave out e-mail addresses and positions, wherever they are in the URL', async () => {
    const client = new Client(t.app);
    const { text, completed } = await logsOf(async () => {
      await client.call({
        method: 'GET',
        url: '/api/validate_email.php?email=ann.smith%40example.org',
      });
      await client.call({ method: 'GET', url: '/api/geocode.php?lat=52.37312&lon=4.89227' });
      await client.call({ method: 'GET', url: '/api/search.php?page=1&near=52.37312,4.89227' });
      await client.call({ method: 'GET', url: '/api/settings.php?ref=bob@example.net' });
      await client.call({ method: 'GET', url: '/members/carol%40example.com' });
    });
    expect(completed.map((e) => e.res.url)).toEqual([
      '/api/validate_email.php?email=[redacted]',
      '/api/geocode.php?lat=[redacted]&lon=[redacted]',
      '/api/search.php?page=1&near=[redacted]',
      '/api/settings.php?ref=[redacted]',
      '/members/[redacted]',
    ]);
    expect(completed.map((e) => e.res.route)).toEqual([
      '/api/validate_email.php',
      '/api/geocode.php',
      '/api/search.php',
      '/api/settings.php',
      null,
    ]);
    // Whole coordinates: a response time such as 4.8956 may share a few digits by chance.
    for (const secret of ['example.org', 'example.net', 'example.com', '52.37312', '4.89227']) {
      expect(text).not.toContain(secret);
    }
  });

  it('log paths that carry a name or an id by their route pattern', async () => {
    const client = new Client(t.app);
    const order = randomUUID();
    const file = `${randomUUID()}-thumb.webp`;
    const gone = `${randomUUID()}.webp`;
    // Served only while a photo row names it.
    const owner = await createMember(t.db);
    await t.db
      .insertInto('images')
      .values({
        member_id: owner.id,
        filename: `${owner.id}.webp`,
        thumb_filename: file,
        position: 0,
      })
      .execute();
    await t.app.media.uploads.put(file, Buffer.from('not really a picture'), 'image/webp');
    const { text, completed } = await logsOf(async () => {
      await client.call({ method: 'GET', url: `/_pay/demo/${order}` });
      await client.call({ method: 'GET', url: `/uploads/${file}` });
      await client.call({ method: 'GET', url: `/uploads/${gone}` });
    });
    expect(completed.map((e) => [e.res.statusCode, e.res.route, e.res.url])).toEqual([
      [404, '/_pay/demo/:id', '/_pay/demo/:id'],
      [200, '/uploads/:name', '/uploads/:name'],
      // A missing file falls through to the not-found handler: no route, the name masked.
      [404, null, '/uploads/[redacted]'],
    ]);
    for (const secret of [order, file, gone]) expect(text).not.toContain(secret);
  });

  it('never hold a password, an address, a cookie or a failed query’s values', async () => {
    const member = await createMember(t.db);
    const client = new Client(t.app);
    const wrong = await logsOf(() =>
      client.call({
        method: 'POST',
        url: '/api/login.php',
        payload: { email: member.email, password: 'not-the-password-123' },
      }),
    );
    expect(wrong.completed[0]?.res).toMatchObject({
      method: 'POST',
      route: '/api/login.php',
      url: '/api/login.php',
      statusCode: 401,
    });

    const ok = await logsOf(() =>
      client.call({
        method: 'POST',
        url: '/api/login.php',
        payload: { email: member.email, password: member.password },
      }),
    );
    expect(ok.completed[0]?.res.statusCode).toBe(200);
    const cookie = client.sessionCookie?.split('=')[1];
    expect(cookie).toBeTruthy();
    const loggedIn = await logsOf(() => client.call({ method: 'GET', url: '/api/user.php' }));

    // A real database failure in the middle of a login: the session row cannot be written.
    // The driver's error carries the query's parameters (the new session id among them).
    await sql`alter table sessions rename to sessions_away`.execute(t.db);
    let failed: Awaited<ReturnType<typeof logsOf>>;
    try {
      failed = await logsOf(() =>
        new Client(t.app).call({
          method: 'POST',
          url: '/api/login.php',
          payload: { email: member.email, password: member.password },
        }),
      );
    } finally {
      await sql`alter table sessions_away rename to sessions`.execute(t.db);
    }
    expect(failed.completed[0]?.res.statusCode).toBe(500);
    const error = failed.parsed.find((e) => e.msg === 'request failed') as
      | { reqId: string; err: { type: string; message: string; code?: string } }
      | undefined;
    expect(error?.reqId).toBe(failed.completed[0]?.reqId);
    expect(error?.err.message).toMatch(/sessions/);
    expect(error?.err.code).toBe('42P01');
    // PGlite and pg attach the failed query and its parameters (or their values in `detail`).
    expect(Object.keys(error?.err ?? {})).not.toContain('params');
    expect(Object.keys(error?.err ?? {})).not.toContain('detail');

    const text = wrong.text + ok.text + loggedIn.text + failed.text;
    for (const secret of [member.email, member.password, 'not-the-password-123', cookie!]) {
      expect(text).not.toContain(secret);
    }
    expect(text.toLowerCase()).not.toContain('cookie');
    expect(text).not.toContain('$argon2');
  });
});
