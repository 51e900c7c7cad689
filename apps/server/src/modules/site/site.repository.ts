import type { CompanyInfo } from '@amora/shared/schemas/site';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DEFAULT_COMPANY_INFO, DEFAULT_SETTINGS, type StoredSettings } from './site-defaults.js';

const SITE_KEY = 'site';

/** Writes the default settings and company info where none are stored yet; keeps what is. */
export async function ensureSiteDefaults(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: SITE_KEY, value: JSON.stringify(DEFAULT_SETTINGS) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const c = DEFAULT_COMPANY_INFO;
  await db
    .insertInto('company_info')
    .values({
      id: 1,
      ...c,
      tradenames: JSON.stringify(c.tradenames),
      vat_numbers: JSON.stringify(c.vat_numbers),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Stored settings over the defaults, so a key added in a later release has a value. */
export async function loadStoredSettings(db: Kysely<Database>): Promise<StoredSettings> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', SITE_KEY)
    .executeTakeFirst();
  return deepFreeze({
    ...DEFAULT_SETTINGS,
    ...((row?.value as Partial<StoredSettings> | undefined) ?? {}),
  });
}

/** Shared between callers (and, when cached, between requests): nobody may change it. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

interface SettingsCache {
  ttlMs: number;
  value: Promise<StoredSettings> | null;
  expiresAt: number;
}

/** Per database handle (so per app instance); handles without an entry are never cached. */
const settingsCaches = new WeakMap<Kysely<Database>, SettingsCache>();

/**
 * Keeps the stored settings of `db` for `ttlMs` (0: read them on every call). Settings are
 * changed in the database by an operator, so a change reaches each app instance within
 * `ttlMs` (`SETTINGS_CACHE_SECONDS`); tests that write settings directly run with 0.
 */
export function cacheStoredSettings(db: Kysely<Database>, ttlMs: number): void {
  if (ttlMs > 0) settingsCaches.set(db, { ttlMs, value: null, expiresAt: 0 });
  else settingsCaches.delete(db);
}

/** The stored settings (deeply frozen), from the cache when `cacheStoredSettings` set one up. */
export function readStoredSettings(db: Kysely<Database>): Promise<StoredSettings> {
  const cache = settingsCaches.get(db);
  if (!cache) return loadStoredSettings(db);
  const now = Date.now();
  if (cache.value === null || now >= cache.expiresAt) {
    // Callers arriving while it loads share the one read; a failed read is not kept.
    const value = loadStoredSettings(db);
    cache.value = value;
    cache.expiresAt = now + cache.ttlMs;
    value.catch(() => {
      if (cache.value === value) cache.value = null;
    });
  }
  return cache.value;
}

export async function readSetting<T>(db: Kysely<Database>, key: string): Promise<T | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value as T | undefined;
}

export async function readCompanyInfo(db: Kysely<Database>): Promise<CompanyInfo> {
  const row = await db
    .selectFrom('company_info')
    .select([
      'name',
      'address',
      'kvk',
      'city',
      'country',
      'tradenames',
      'vat_numbers',
      'support_phone',
      'delete_discount',
    ])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ?? DEFAULT_COMPANY_INFO;
}

/** Every instance LISTENs here and drops its cached settings (plugins/settings-sync.ts). */
export const SETTINGS_CHANNEL = 'amora_settings';

/**
 * Forgets this instance's cached settings of `db` (a save from the console NOTIFYs every
 * instance, plugins/settings-sync.ts): the next read loads them again.
 */
export function dropCachedSettings(db: Kysely<Database>): void {
  const cache = settingsCaches.get(db);
  if (cache) cache.value = null;
}
