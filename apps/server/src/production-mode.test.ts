import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from './config/config.js';
import { workMediaDeletesNow } from './modules/jobs/media-deletes-now.js';
import { LocalObjectStore } from './modules/media/local-object-store.js';
import { createMediaStores } from './modules/media/media-stores.js';
import { DEMO_ACCOUNT_EMAIL, ensureDemoAccount } from './modules/seed/demo-account.js';
import { purgeDemoData } from './modules/seed/demo-data.js';
import { seedMembers } from './modules/seed/seed-members.js';
import { checkEmailToken, issueEmailToken } from './modules/signup/email-token.js';
import { ensureSecrets, readTokenKey, SecretsUnreadableError } from './modules/site/secrets.js';
import { prepareData, StartupError } from './startup.js';
import { createConversation, createMember } from './test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from './test/test-app.js';
import { createTestDb, type TestDb } from './test/test-db.js';

const KEY = 'production-secret-key-0123456789abcdef';
const OTHER_KEY = 'another-secret-key-0123456789abcdef012';
const production = { MODE: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', SECRET_KEY: KEY };

describe('a production instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(production);
  });
  afterAll(() => t.close());

  it('says it is not the demo in the settings', async () => {
    const settings = (
      await new Client(t.app).call({ method: 'GET', url: '/api/settings.php' })
    ).json();
    expect(settings.demo).toBe(false);
  });

  it('has no /_dev path: the mailbox, the demo pages and /_dev itself answer 404', async () => {
    for (const url of [
      '/_dev',
      '/_dev/',
      '/_dev/mailbox',
      '/_dev/mailbox/1',
      '/_dev/dialogs',
      '/_dev/top-nav',
      '/_dev/activate-reminder',
      '/_dev/anything',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('offers no way to pay without a real provider, and no demo checkout', async () => {
    const products = (
      await new Client(t.app).call({ method: 'GET', url: '/api/products.php?country=NL' })
    ).json();
    expect(products.products[0].methods ?? products.methods).toEqual([]);
    const member = await logInNewMember(t);
    const order = await member.client.call({
      method: 'POST',
      url: '/api/orders.php',
      payload: { product: 'credits-20', method: 'ideal' },
    });
    expect(order.statusCode).toBe(503);
    expect(order.json().error.code).toBe('payments_unavailable');
    expect((await t.app.inject({ method: 'GET', url: '/_pay/demo/1' })).statusCode).toBe(404);
  });

  it('keeps its secrets encrypted in the settings table', async () => {
    const rows = await t.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', ['secrets', 'vapid'])
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.value).toMatchObject({ sealed: 'aes-256-gcm/hkdf-sha256/v1' });
      expect(JSON.stringify(row.value)).not.toMatch(/tokenKey|privateKey/);
    }
    const settings = (
      await new Client(t.app).call({ method: 'GET', url: '/api/settings.php' })
    ).json();
    expect(settings.push_pub).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  });
});

describe('a demo instance', () => {
  it('says so in the settings and serves its /_dev pages', async () => {
    const t = await createTestApp();
    try {
      const settings = (
        await new Client(t.app).call({ method: 'GET', url: '/api/settings.php' })
      ).json();
      expect(settings.demo).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: '/_dev/dialogs' })).statusCode).toBe(200);
      const mailbox = await t.app.inject({
        method: 'GET',
        url: '/_dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers: { host: 'localhost' },
      });
      expect(mailbox.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('stored secrets', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  const stored = async () =>
    Object.fromEntries(
      (
        await testDb.db
          .selectFrom('settings')
          .select(['key', 'value'])
          .where('key', 'in', ['secrets', 'vapid'])
          .execute()
      ).map((r) => [r.key, r.value]),
    ) as Record<'secrets' | 'vapid', { tokenKey?: string }>;

  it('are encrypted on the first start with a key, stop a start with the wrong one, and move to a new key', async () => {
    await ensureSecrets(testDb.db);
    const plain = await stored();
    expect(plain.secrets).toEqual({ tokenKey: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const token = issueEmailToken(await readTokenKey(testDb.db), 'anna@example.com');

    await ensureSecrets(testDb.db, { current: KEY });
    const sealed = await stored();
    expect(sealed.secrets).toMatchObject({ sealed: 'aes-256-gcm/hkdf-sha256/v1' });
    expect(sealed.vapid).toMatchObject({ sealed: 'aes-256-gcm/hkdf-sha256/v1' });
    // The same secrets, only stored differently: links already mailed keep working.
    expect(checkEmailToken(await readTokenKey(testDb.db), 'anna@example.com', token)).toBe('valid');
    expect((await readTokenKey(testDb.db)).toString('hex')).toBe(plain.secrets.tokenKey!);

    for (const keys of [{}, { current: OTHER_KEY }]) {
      await expect(ensureSecrets(testDb.db, keys)).rejects.toThrow(SecretsUnreadableError);
    }
    await expect(ensureSecrets(testDb.db, { current: OTHER_KEY })).rejects.toThrow(
      /SECRET_KEY_PREVIOUS/,
    );
    expect(await stored()).toEqual(sealed);

    await ensureSecrets(testDb.db, { current: OTHER_KEY, previous: KEY });
    const rotated = await stored();
    expect(rotated.secrets).not.toEqual(sealed.secrets);
    await ensureSecrets(testDb.db, { current: OTHER_KEY });
    expect((await readTokenKey(testDb.db)).toString('hex')).toBe(plain.secrets.tokenKey!);
    await expect(ensureSecrets(testDb.db, { current: KEY })).rejects.toThrow(
      SecretsUnreadableError,
    );
  });
});

describe('demo data in a production database', () => {
  let testDb: TestDb;
  let dir: string;
  beforeAll(async () => {
    testDb = await createTestDb();
    dir = mkdtempSync(join(tmpdir(), 'amora-purge-'));
  });
  afterAll(async () => {
    await testDb.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops the start naming npm run purge-demo, which removes it and keeps real members', async () => {
    const uploadsDir = join(dir, 'uploads');
    mkdirSync(uploadsDir);
    const uploads = new LocalObjectStore(uploadsDir);
    await seedMembers(testDb.db, { count: 5, uploads, seed: 7 });
    await ensureDemoAccount(testDb.db, { uploads, passwordHash: 'x' });
    const real = await createMember(testDb.db, { email: 'real@example.com' });
    const fictional = await testDb.db
      .selectFrom('members')
      .select('id')
      .where('fictional', '=', true)
      .executeTakeFirstOrThrow();
    await createConversation(testDb.db, real.id, fictional.id, { messages: [[real.id, 'Hi!']] });
    expect(readdirSync(uploadsDir).length).toBeGreaterThan(0);

    const config = parseConfig({ ...production, DATA_DIR: dir, UPLOADS_DIR: uploadsDir });
    const handle = {
      db: testDb.db,
      kind: testDb.kind,
      listen: testDb.listen,
      close: async () => {},
    };
    const log = pino({ level: 'silent' });
    const media = await createMediaStores(config);
    await expect(prepareData(handle, config, media, log)).rejects.toThrow(StartupError);
    await expect(prepareData(handle, config, media, log)).rejects.toThrow(/npm run purge-demo/);

    const removed = await purgeDemoData(testDb.db);
    expect(removed).toMatchObject({ members: 6, conversations: 1 });
    // As `npm run purge-demo` does: the queued removals, worked at once.
    expect(await workMediaDeletesNow(testDb.db, media, log)).toBe(0);
    expect(readdirSync(uploadsDir)).toEqual([]);
    const left = await testDb.db.selectFrom('members').select('email').execute();
    expect(left.map((m) => m.email)).toEqual(['real@example.com']);
    expect(left.map((m) => m.email)).not.toContain(DEMO_ACCOUNT_EMAIL);
    expect(await testDb.db.selectFrom('conversations').select('id').execute()).toEqual([]);

    await expect(prepareData(handle, config, media, log)).resolves.toEqual({
      demoEmail: null,
      adminEmail: null,
    });
    expect(await testDb.db.selectFrom('members').select('id').execute()).toHaveLength(1);
    expect(existsSync(uploadsDir)).toBe(true);
  });
});
