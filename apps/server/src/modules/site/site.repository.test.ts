import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { cacheStoredSettings, ensureSiteDefaults, readStoredSettings } from './site.repository.js';

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  await ensureSiteDefaults(t.db);
});
afterAll(() => t.destroy());
afterEach(() => {
  cacheStoredSettings(t.db, 0);
  vi.useRealTimers();
});

const rename = (name: string) =>
  t.db
    .updateTable('settings')
    .set({ value: JSON.stringify({ name }) })
    .where('key', '=', 'site')
    .execute();

describe('readStoredSettings', () => {
  it('reads the database on every call when not cached', async () => {
    await rename('First');
    expect((await readStoredSettings(t.db)).name).toBe('First');
    await rename('Second');
    expect((await readStoredSettings(t.db)).name).toBe('Second');
  });

  it('keeps the settings for the time of the cache, then reads them again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await rename('Before');
    cacheStoredSettings(t.db, 5000);
    const first = await readStoredSettings(t.db);
    expect(first.name).toBe('Before');
    await rename('After');
    vi.advanceTimersByTime(4999);
    expect(await readStoredSettings(t.db)).toBe(first);
    vi.advanceTimersByTime(1);
    expect((await readStoredSettings(t.db)).name).toBe('After');
  });

  it('answers settings nobody can change by accident', async () => {
    const settings = await readStoredSettings(t.db);
    expect(Object.isFrozen(settings)).toBe(true);
    expect(Object.isFrozen(settings.countries)).toBe(true);
    expect(Object.isFrozen(settings.minimum_message_costs)).toBe(true);
  });
});
