import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signupCsrf } from '@amora/shared/rules/signup-csrf';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { multipart } from '../apps/server/src/test/multipart.js';
import { startS3StandIn } from '../apps/server/src/test/stand-ins/s3-stand-in.js';
import { type SmtpSink, startSmtpSink } from '../apps/server/src/test/test-app.js';
import { NGINX, nginxConfig, startNginx } from './support/nginx.js';
import { childEnv, freePort, type RunningServer, startServer } from './support/server.js';

/** `npm run media` without the build check: the tests run on a build already. */
const mediaCli = fileURLToPath(new URL('../apps/server/dist/media-cli.js', import.meta.url));
const postgresUrl = process.env.TEST_DATABASE_URL;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  bytes: Buffer;
}

/**
 * One visitor: its own loopback address (Linux answers the whole 127.0.0.0/8 on `lo`, so
 * each visitor reaches nginx from a different client address) and its own cookies.
 */
class Visitor {
  cookie = '';
  constructor(
    readonly base: string,
    readonly address: string,
  ) {}

  /** The same member (its cookies) calling another address: one instance directly. */
  at(base: string): Visitor {
    const other = new Visitor(base, this.address);
    other.cookie = this.cookie;
    return other;
  }

  call(
    method: string,
    path: string,
    options: { body?: unknown; raw?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const payload =
      options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    return new Promise((resolve, reject) => {
      const req = request(
        `${this.base}${path}`,
        {
          method,
          localAddress: this.address,
          headers: {
            'x-app-package': 'com.amora.app',
            ...(payload && !options.raw ? { 'content-type': 'application/json' } : {}),
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...options.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
          });
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            const body = bytes.toString('utf8');
            const session = (res.headers['set-cookie'] ?? []).find((c) =>
              c.startsWith('amora_session='),
            );
            if (session) this.cookie = session.split(';')[0]!;
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, bytes });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Signs up through the API as the signup form does (e-mail check token, then the csrf). */
  async signUp(email: string, name: string): Promise<number> {
    const check = await this.call(
      'GET',
      `/api/validate_email.php?email=${encodeURIComponent(email)}`,
    );
    const { token } = JSON.parse(check.body) as { token: string };
    const res = await this.call('POST', '/api/user.php?new=1', {
      body: {
        email,
        name,
        password: 'a-good-password',
        country: 'NL',
        language: 'en',
        token,
        csrf: signupCsrf(token, email),
      },
    });
    expect(res.status, res.body).toBe(200);
    return (JSON.parse(res.body) as { user: { id: number } }).user.id;
  }
}

/** The activation link of the newest mail to `email`, as a path of the site. */
async function activationPath(sink: SmtpSink, email: string): Promise<string> {
  const [mail] = (await sink.waitForMailsTo(email, 1, 20_000)).slice(-1);
  const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no activation link to ${email}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Every file under `dir` whose name says it is a photo or an export, relative to `dir`. */
function mediaFilesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((name) =>
    /\.(webp|jpe?g|png|gif|avif|zip)$/i.test(name),
  );
}

describe.skipIf(!postgresUrl)('behind nginx: two production instances on one PostgreSQL', () => {
  const dbName = `amora_nginx_${process.pid}_${Date.now()}`;
  const dir = mkdtempSync(join(tmpdir(), 'amora-nginx-'));
  let admin: pg.Client;
  let sink: SmtpSink;
  let s3: Awaited<ReturnType<typeof startS3StandIn>>;
  let instances: RunningServer[] = [];
  let nginx: ChildProcess | null = null;
  let base = '';
  /** Each instance's environment: the same database and bucket, a DATA_DIR of its own. */
  let envs: Record<string, string>[] = [];

  beforeAll(async () => {
    if (!existsSync(NGINX)) {
      throw new Error(
        `nginx is needed at ${NGINX}: apt-get install -y --no-install-recommends nginx-light`,
      );
    }
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${dbName}`;
    sink = await startSmtpSink();
    // Photos and exports in a bucket: the two instances share no disk (issue 43).
    s3 = await startS3StandIn(['amora-media']);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = {
      MODE: 'production',
      DATABASE_URL: url.toString(),
      SMTP_URL: sink.url,
      SECRET_KEY: 'nginx-test-secret-key-0123456789abcdef',
      PUBLIC_URL: base,
      TRUST_PROXY: '1',
      EMAIL_CHECKS_PER_10_MINUTES: '6',
      // The classifier's model is no part of what is tested here (and costs seconds of CPU).
      PHOTO_SCREENING: 'off',
      ...s3.env(),
    };
    envs = ['a', 'b'].map((name) => {
      mkdirSync(join(dir, name));
      return { ...env, DATA_DIR: join(dir, name) };
    });
    // One after the other, as a rolling deployment would: the first one migrates.
    instances = [await startServer(envs[0]!), await startServer(envs[1]!)];
    nginx = await startNginx(
      dir,
      nginxConfig(
        dir,
        port,
        instances.map((i) => new URL(i.url).host),
      ),
      port,
    );
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await Promise.all(instances.map((i) => i.stop()));
    await sink?.close();
    await s3?.close();
    await admin?.query(`drop database if exists ${dbName} with (force)`);
    await admin?.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts each visitor by the address nginx saw, whatever X-Forwarded-For they send', async () => {
    const spoofer = new Visitor(base, '127.0.0.7');
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await spoofer.call('GET', `/api/validate_email.php?email=a${i}%40example.com`, {
        headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}` },
      });
      answers.push(res.status);
    }
    // Six checks per address, shared by both instances through the database.
    expect(answers).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const neighbour = new Visitor(base, '127.0.0.8');
    expect(
      (await neighbour.call('GET', '/api/validate_email.php?email=b%40example.com')).status,
    ).toBe(200);
  });

  it('has no development mailbox, whatever Host or forwarded address a request names', async () => {
    const visitor = new Visitor(base, '127.0.0.9');
    const attempts: Record<string, string>[] = [
      {},
      { host: 'localhost' },
      { 'x-forwarded-for': '127.0.0.1' },
    ];
    for (const headers of attempts) {
      expect((await visitor.call('GET', '/_dev/mailbox', { headers })).status).toBe(404);
    }
    const settings = JSON.parse((await visitor.call('GET', '/api/settings.php')).body);
    expect(settings.demo).toBe(false);
  });

  it('takes the host nginx served, whatever X-Forwarded-Host a visitor sends', async () => {
    const visitor = new Visitor(base, '127.0.0.12');
    const res = await visitor.call('GET', '/api/settings.php?forwarded-host=1', {
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(res.status).toBe(200);
    // The instance's request log names the host it believed.
    const lines = () =>
      instances
        .flatMap((instance) => instance.output().split('\n'))
        .filter((line) => line.includes('forwarded-host=1'));
    await expect.poll(() => lines().length).toBeGreaterThan(0);
    expect(lines().join('\n')).not.toContain('evil.example');
    expect(lines().join('\n')).toContain('"host":"127.0.0.1"');
  });

  it('serves a photo and an export made through one instance through the other, from the bucket', async () => {
    const [a, b] = instances as [RunningServer, RunningServer];
    const carla = new Visitor(a.url, '127.0.0.13');
    const email = `carla.${Date.now()}@example.com`;
    await carla.signUp(email, 'Carla');
    expect((await carla.call('GET', await activationPath(sink, email))).status).toBe(302);
    const photo = await sharp({
      create: { width: 400, height: 500, channels: 3, background: '#b4485f' },
    })
      .jpeg()
      .toBuffer();
    const upload = multipart([{ filename: 'me.jpg', contentType: 'image/jpeg', data: photo }]);
    const uploaded = await carla.call('POST', '/api/profileimage.php', {
      raw: upload.payload,
      headers: upload.headers,
    });
    expect(uploaded.status, uploaded.body).toBe(200);
    const [image] = (JSON.parse(uploaded.body) as { images: { thumb_filename: string }[] }).images;

    const fromA = await carla.call('GET', `/uploads/${image!.thumb_filename}`);
    const fromB = await carla.at(b.url).call('GET', `/uploads/${image!.thumb_filename}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);

    expect((await carla.call('POST', '/api/export.php')).status).toBe(200);
    const atB = carla.at(b.url);
    let downloadUrl: string | null = null;
    await expect
      .poll(async () => {
        const state = JSON.parse((await atB.call('GET', '/api/export.php')).body);
        downloadUrl = state.export?.download_url ?? null;
        return state.export?.status;
      })
      .toBe('ready');
    const download = await atB.call('GET', downloadUrl!);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    // A zip (PK), holding the member's photo files read from the bucket.
    expect(download.bytes.subarray(0, 2).toString()).toBe('PK');
    expect(download.bytes.includes(Buffer.from(`photos/`))).toBe(true);

    // Neither instance's own folder holds a photo or an export: all of it is in the bucket.
    for (const env of envs) expect(mediaFilesUnder(env.DATA_DIR!)).toEqual([]);

    // The operator's check agrees: the bucket holds every object a row names, and no other.
    // Not spawnSync: the stand-in bucket answers from this process's event loop.
    const check = spawn(process.execPath, [mediaCli, 'check'], { env: childEnv(envs[0]!) });
    let output = '';
    check.stdout.on('data', (chunk) => {
      output += chunk;
    });
    check.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const status = await new Promise((resolve) => check.once('exit', resolve));
    expect(output).toMatch(/0 missing, 0 stray\./);
    expect(status).toBe(0);
  });

  it('keeps a session on both instances, carries the live channel, and survives a rolling restart', async () => {
    const anna = new Visitor(base, '127.0.0.10');
    const ben = new Visitor(base, '127.0.0.11');
    const annaEmail = `anna.${Date.now()}@example.com`;
    const benEmail = `ben.${Date.now()}@example.com`;
    const annaId = await anna.signUp(annaEmail, 'Anna');
    await ben.signUp(benEmail, 'Ben');
    // Both confirm their address through the link in the real mail.
    for (const [visitor, email] of [
      [anna, annaEmail],
      [ben, benEmail],
    ] as const) {
      const res = await visitor.call('GET', await activationPath(sink, email));
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/activate/done');
    }

    // nginx takes turns between the instances; the session holds on each.
    for (let i = 0; i < 4; i++) {
      const res = await anna.call('GET', '/api/user.php');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).user.id).toBe(annaId);
    }

    const received: { type: string }[] = [];
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live.php`, {
      headers: { cookie: anna.cookie, origin: base },
      localAddress: anna.address,
    });
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`live channel refused: ${res.statusCode}`)),
      );
      socket.once('error', reject);
    });
    const like = await ben.call('POST', '/api/likes.php', { body: { profile: annaId } });
    expect(like.status, like.body).toBe(200);
    await expect.poll(() => received.map((e) => e.type)).toContain('likes');
    socket.close();

    // A rolling restart: one instance stops; nginx sends every call to the other one.
    const [first, second] = instances as [RunningServer, RunningServer];
    expect(await first.stop()).toBe(0);
    for (let i = 0; i < 4; i++) {
      expect((await anna.call('GET', '/api/user.php')).status).toBe(200);
    }
    instances = [second, await startServer({ ...envs[0]!, PORT: new URL(first.url).port })];
    for (let i = 0; i < 4; i++) {
      expect((await anna.call('GET', '/api/user.php')).status).toBe(200);
    }
  });
});
