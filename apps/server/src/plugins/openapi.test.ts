import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

let t: TestApp;
let doc: Record<string, unknown> & { paths: Record<string, Record<string, Operation>> };
const dir = mkdtempSync(join(tmpdir(), 'amora-openapi-'));
interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, unknown>;
}

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Operations whose only answers are redirects: links in mails and to partners. */
const REDIRECT_ONLY = ['/api/activation.php', '/api/unsubscribe.php', '/api/xcams/redirect.php'];

describe('/api/openapi.json', () => {
  it('passes Redocly’s recommended lint', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        redocly,
        'lint',
        file,
        '--extends',
        'recommended',
        '--format',
        'json',
        '--max-problems',
        '1000',
      ],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout: string }) => error);
    const problems = (
      JSON.parse(stdout) as {
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      }
    ).problems
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`)
      // A redirect is the whole answer of these links; there is no 2XX to document.
      .filter(
        (p) =>
          !REDIRECT_ONLY.some((path) =>
            p.startsWith(`operation-2xx-response #/paths/${path.replaceAll('/', '~1')}/get/`),
          ),
      );
    expect(problems).toEqual([]);
  });

  it('names every operation and marks the staff calls as needing the session cookie', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(80);
    const find = (method: string, path: string) =>
      operations.find((o) => o.method === method && o.path === path)?.op;
    expect(find('get', '/api/user.php')?.operationId).toBe('getUser');
    expect(find('get', '/api/admin/orders.php')).toMatchObject({
      operationId: 'getAdminOrders',
      security: [{ session: [] }],
    });
    // A webhook proves itself (signature or asking the provider back), never with a cookie.
    expect(find('post', '/api/payments/stripe-webhook.php')?.security).toEqual([]);
    expect(Object.keys(find('post', '/api/login.php')?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '403', '429', '503']),
    );
    // Every call may meet a database or store that is down: the client learns to retry.
    expect(operations.filter((o) => !('503' in (o.op.responses ?? {})))).toEqual([]);
    // Only the API is described; the demo checkout's pages are not calls.
    expect(operations.filter((o) => !o.path.startsWith('/api/'))).toEqual([]);
  });

  it('gives openapi-typescript what it needs for typed calls', async () => {
    const types = astToString(await openapiTS(doc as never));
    const getUser = /getUser: \{[\s\S]*?\n {4}\};/.exec(types)?.[0] ?? '';
    expect(getUser).toContain('"application/json": {');
    expect(getUser).toMatch(/user: \{/);
    expect(getUser).toMatch(/paid_user: boolean/);
    expect(types).toMatch(/postLogin: \{/);
  });
});
