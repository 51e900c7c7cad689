import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { childEnv, startServer } from './support/server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'amora-e2e-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Profile = {
  id: number;
  name: string;
  fictional: boolean;
  main_image: { thumb_filename: string };
};

const root = fileURLToPath(new URL('..', import.meta.url));
const production = {
  MODE: 'production',
  SMTP_URL: 'smtp://127.0.0.1:9',
  SECRET_KEY: 'e2e-production-secret-key-0123456789',
};

const headers = { 'content-type': 'application/json', 'x-app-package': 'com.amora.app' };

async function demoLogin(url: string, output: string) {
  const [, email, password] = /Demo login: (\S+) \/ (\S+)\n/.exec(output) ?? [];
  expect(email).toBeTruthy();
  const res = await fetch(`${url}/api/login.php`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { id: number } }).user;
}

describe('the built server on its embedded database', () => {
  it('seeds on first start, keeps every row on restart, and shuts down gracefully', async () => {
    const first = await startServer({ DATA_DIR: dataDir, SEED_MEMBERS: '5' });
    const user = await demoLogin(first.url, first.output());
    const seeded = await fetch(`${first.url}/api/profile.php?id=${user.id - 1}`);
    expect(seeded.status).toBe(200);
    const seededProfile = ((await seeded.json()) as { profile: Profile }).profile;
    expect(seededProfile.fictional).toBe(true);
    const photo = await fetch(`${first.url}/uploads/${seededProfile.main_image.thumb_filename}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/image\//);
    expect(await first.stop()).toBe(0);

    const startedAt = Date.now();
    const second = await startServer({ DATA_DIR: dataDir, SEED_MEMBERS: '5' });
    expect(Date.now() - startedAt).toBeLessThan(30_000);
    const again = await demoLogin(second.url, second.output());
    expect(again.id).toBe(user.id);
    const stillThere = await fetch(`${second.url}/api/profile.php?id=${seededProfile.id}`);
    expect(((await stillThere.json()) as { profile: Profile }).profile.name).toBe(
      seededProfile.name,
    );
    expect(second.output()).not.toMatch(/seeding demo members/);
    expect(await second.stop()).toBe(0);
  });

  it('refuses to start with a bad setting and names it', async () => {
    await expect(startServer({ DATA_DIR: dataDir, SEED_MEMBERS: 'lots' })).rejects.toThrow(
      /SEED_MEMBERS/,
    );
  });

  it('erases one account on request with npm run erase-account, and says what it did', async () => {
    const data = join(dataDir, 'erasure');
    cpSync(inject('pgliteTemplate'), join(data, 'pgdata'), { recursive: true });
    const seeded = await startServer({ DATA_DIR: data, SEED_MEMBERS: '2' });
    const before = await fetch(`${seeded.url}/api/profile.php?id=1`, { headers });
    expect(before.status).toBe(200);
    expect(await seeded.stop()).toBe(0);

    const erase = (arg: string) =>
      spawnSync('npm', ['run', '--silent', 'erase-account', '--', arg], {
        cwd: root,
        env: childEnv({ DATA_DIR: data }),
        encoding: 'utf8',
      });
    const usage = erase('the first one');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run erase-account -- <member id>/);
    const done = erase('1');
    expect(done.stdout).toMatch(/Member 1 erased from the pglite database/);
    expect(done.status).toBe(0);
    const again = erase('1');
    expect(again.stdout).toMatch(/No active or banned member 1 .*nothing erased/);
    expect(again.status).toBe(1);

    const after = await startServer({ DATA_DIR: data });
    try {
      expect((await fetch(`${after.url}/api/profile.php?id=1`, { headers })).status).toBe(404);
    } finally {
      expect(await after.stop()).toBe(0);
    }
  }, 120_000);

  it('beyond loopback is production: refused without mail and a key, and with demo data', async () => {
    await expect(startServer({ DATA_DIR: dataDir, HOST: '0.0.0.0' })).rejects.toThrow(
      /production \(HOST=0\.0\.0\.0 is reachable beyond this machine.*SMTP_URL.*SECRET_KEY/s,
    );
    const liveData = join(dataDir, 'production');
    // A migrated database to start from: the first start on an empty one is the test above.
    cpSync(inject('pgliteTemplate'), join(liveData, 'pgdata'), { recursive: true });
    const demo = await startServer({ DATA_DIR: liveData, SEED_MEMBERS: '2' });
    expect(await demo.stop()).toBe(0);
    await expect(startServer({ DATA_DIR: liveData, ...production })).rejects.toThrow(
      /demo data \(2 fictional members and the demo login\).*npm run purge-demo/s,
    );

    const purge = spawnSync('npm', ['run', 'purge-demo'], {
      cwd: root,
      env: childEnv({ DATA_DIR: liveData, ...production }),
      encoding: 'utf8',
    });
    // The two fictional members, the demo login and the demo admin.
    expect(purge.stdout + purge.stderr).toMatch(/Removed 4 demo members/);
    expect(purge.status).toBe(0);

    const live = await startServer({ DATA_DIR: liveData, ...production });
    try {
      expect(live.output()).toMatch(/production mode \(MODE=production\)/);
      const settings = (await (await fetch(`${live.url}/api/settings.php`)).json()) as {
        demo: boolean;
      };
      expect(settings.demo).toBe(false);
      expect((await fetch(`${live.url}/_dev/mailbox`)).status).toBe(404);
      expect((await fetch(`${live.url}/_dev/dialogs`)).status).toBe(404);
      const demo = await fetch(`${live.url}/api/login.php`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'demo@amora.test', password: 'amora-demo-2026' }),
      });
      expect(demo.status).not.toBe(200);
      expect(live.output()).not.toMatch(/Demo login/);
    } finally {
      expect(await live.stop()).toBe(0);
    }
  }, 120_000);
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('the built server on a PostgreSQL server (DATABASE_URL)', () => {
  it('migrates, seeds, serves and logs in the same way', async () => {
    const name = `amora_e2e_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    const uploads = mkdtempSync(join(tmpdir(), 'amora-e2e-pg-'));
    try {
      const server = await startServer({
        DATABASE_URL: url.toString(),
        DATA_DIR: uploads,
        SEED_MEMBERS: '3',
      });
      // The health check names no database: the rows counted below show where they went.
      expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: 'ok' });
      const user = await demoLogin(server.url, server.output());
      expect(user.id).toBeGreaterThan(0);
      expect(await server.stop()).toBe(0);
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const { rows: counted } = await client.query('select count(*)::int as n from members');
      await client.end();
      // Three fictional members, the demo login and the demo admin.
      expect(counted[0].n).toBe(5);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(uploads, { recursive: true, force: true });
    }
  });
});
