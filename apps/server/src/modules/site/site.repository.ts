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
export async function readStoredSettings(db: Kysely<Database>): Promise<StoredSettings> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', SITE_KEY)
    .executeTakeFirst();
  return { ...DEFAULT_SETTINGS, ...((row?.value as Partial<StoredSettings> | undefined) ?? {}) };
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
