import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from './config/config.js';
import { createMediaStores } from './modules/media/media-stores.js';
import { prepareData } from './startup.js';
import { createTestDb, type TestDb } from './test/test-db.js';

const production = {
  MODE: 'production',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SECRET_KEY: 'production-secret-key-0123456789abcdef',
  PUBLIC_URL: 'https://amora.example',
};

describe('the placeholder company details at a production start', () => {
  let testDb: TestDb;
  let dir: string;
  beforeAll(async () => {
    testDb = await createTestDb();
    dir = mkdtempSync(join(tmpdir(), 'amora-start-'));
  });
  afterAll(async () => {
    await testDb.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The warnings one start logs. */
  async function startWarnings(env: Record<string, string>): Promise<string[]> {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ level: 'info' }, sink);
    const handle = {
      db: testDb.db,
      kind: testDb.kind,
      listen: testDb.listen,
      close: async () => {},
    };
    const config = parseConfig({ ...env, DATA_DIR: dir });
    await prepareData(handle, config, await createMediaStores(config), log);
    return lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40)
      .map((entry) => entry.msg);
  }

  it('warns at every start, naming the console page, until an admin changes them', async () => {
    const first = await startWarnings(production);
    const warning = first.find((msg) => msg.includes('company details'));
    expect(warning).toBeDefined();
    expect(warning).toContain('https://amora.example/admin/settings');
    expect(warning).toMatch(/kvk.*vat_numbers.*support_phone/);
    expect(await startWarnings(production)).toContainEqual(warning);

    // Changed in the console (the same row), the next start says nothing more.
    await testDb.db
      .updateTable('company_info')
      .set({
        kvk: '87654321',
        vat_numbers: JSON.stringify(['NL123456789B01']),
        support_phone: '+31 20 555 0199',
        address: 'Prinsengracht 1',
      })
      .where('id', '=', 1)
      .execute();
    expect((await startWarnings(production)).join('\n')).not.toContain('company details');
  });

  it('leaves the demo alone: its company is made up on purpose', async () => {
    const demoDb = await createTestDb();
    try {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const handle = {
        db: demoDb.db,
        kind: demoDb.kind,
        listen: demoDb.listen,
        close: async () => {},
      };
      const config = parseConfig({ MODE: 'demo', DATA_DIR: dir, SEED_MEMBERS: '0' });
      await prepareData(
        handle,
        config,
        await createMediaStores(config),
        pino({ level: 'info' }, sink),
      );
      expect(lines.join('\n')).not.toContain('company details');
    } finally {
      await demoDb.destroy();
    }
  });
});
