import { RESELL_KINDS } from '@amora/shared/rules/resell';
import { startingCountry } from '@amora/shared/rules/starting-country';
import type { Settings } from '@amora/shared/schemas/site';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countryForRequest } from './geoip.js';
import { readVapidKeys } from './secrets.js';
import { readStoredSettings } from './site.repository.js';

/** What the instance itself adds to the stored settings. */
export interface ServedSettings {
  /** The demo mode. */
  demo: boolean;
  /**
   * Whether there is webcam partner content (modules/cams/choose-cam-feed.ts); without it
   * `member_resell` leaves out `cams` and `camads`, so no app shows partner tiles.
   */
  partnerCams: boolean;
}

/**
 * The Settings answer for one visitor: stored settings plus their geoip country, the push key
 * and whether this is the demo.
 */
export async function settingsFor(
  db: Kysely<Database>,
  visitor: { geoipCountry: string | null },
  { demo, partnerCams }: ServedSettings,
): Promise<Settings> {
  const stored = await readStoredSettings(db);
  const allowed = stored.countries as string[];
  const geo = visitor.geoipCountry;
  return {
    ...stored,
    member_resell: partnerCams
      ? stored.member_resell
      : stored.member_resell.filter((kind) => !(RESELL_KINDS as readonly string[]).includes(kind)),
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
  served: ServedSettings,
): Promise<Settings> {
  return settingsFor(
    db,
    { geoipCountry: countryForRequest(request.ip, request.headers['accept-language']) },
    served,
  );
}
