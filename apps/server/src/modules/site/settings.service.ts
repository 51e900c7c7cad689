import { startingCountry } from '@amora/shared/rules/starting-country';
import type { Settings } from '@amora/shared/schemas/site';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countryForRequest } from './geoip.js';
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

/** What `/api/settings.php` answers the client of this request (and the pages rendered for it). */
export function settingsForRequest(
  db: Kysely<Database>,
  request: { ip: string; headers: { 'accept-language'?: string } },
  demo: boolean,
): Promise<Settings> {
  return settingsFor(
    db,
    { geoipCountry: countryForRequest(request.ip, request.headers['accept-language']) },
    demo,
  );
}
