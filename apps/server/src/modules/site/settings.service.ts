import { startingCountry } from '@amora/shared/rules/starting-country';
import type { Settings } from '@amora/shared/schemas/site';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readVapidKeys } from './secrets.js';
import { readStoredSettings } from './site.repository.js';

/**
 * The Settings answer for one visitor: stored settings plus their geoip country, the push key
 * and whether this is the demo.
 */
export async function settingsFor(
  db: Kysely<Database>,
  visitor: { geoipCountry: string | null },
  demo: boolean,
): Promise<Settings> {
  const stored = await readStoredSettings(db);
  const allowed = stored.countries as string[];
  const geo = visitor.geoipCountry;
  return {
    ...stored,
    geoip_country: geo,
    geoip_selected_country: startingCountry(allowed, geo) ?? null,
    push_pub: (await readVapidKeys(db)).publicKey,
    demo,
  };
}
