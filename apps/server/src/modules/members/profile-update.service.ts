import { NAME_EQUAL_TO_EMAIL, nameIsEmail } from '@amora/shared/rules/member-name';
import type {
  locationUpdateSchema,
  locationWithoutRegionSchema,
  profileUpdateSchema,
} from '@amora/shared/schemas/user-update';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { isRegionOf } from '../geo/regions.js';
import { readStoredSettings } from '../site/site.repository.js';

/** With a region, or without one while `settings.region_data` is off (the route chose). */
export type LocationUpdate =
  | z.output<typeof locationUpdateSchema>
  | z.output<typeof locationWithoutRegionSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

const invalidField = (field: string, message: string) =>
  badRequest('invalid_input', `${field}: ${message}`, { [field]: message });

/**
 * Signup step 3 and the profile page: country (one the site operates in), region of it, city.
 * A location without a region (the site does not use them) drops the one stored before.
 */
export async function updateLocation(
  db: Kysely<Database>,
  memberId: number,
  location: LocationUpdate,
): Promise<void> {
  const { countries } = await readStoredSettings(db);
  if (!(countries as string[]).includes(location.country)) {
    throw invalidField('country', 'We do not operate in this country yet');
  }
  const countryregion = 'countryregion' in location ? location.countryregion : null;
  if (countryregion !== null && !isRegionOf(location.country, countryregion)) {
    throw invalidField('countryregion', 'This region is not part of the chosen country');
  }
  await db
    .updateTable('profiles')
    .set({
      country: location.country,
      countryregion,
      city: location.city,
      updated_at: sql<Date>`now()`,
    })
    .where('member_id', '=', memberId)
    .execute();
}

/**
 * Signup steps 4 and 5 and the profile page: the given keys replace their values, `fields`
 * and `notes` are merged into what is stored (a key left out keeps its value, a field
 * sent as '' is cleared), `interests`
 * replaces the list. `lastSignupStep` is stored with it, in one transaction.
 */
export async function updateProfile(
  db: Kysely<Database>,
  memberId: number,
  { profile, lastSignupStep }: ProfileUpdate,
): Promise<void> {
  const definedOnly = (values: Record<string, string | undefined>) =>
    JSON.stringify(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)));
  // A field sent as '' loses its answer; one left out keeps it.
  const answered = (values: Record<string, string | undefined>) =>
    definedOnly(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')));
  const cleared = (values: Record<string, string | undefined>) =>
    Object.keys(values).filter((key) => values[key] === '');
  await db.transaction().execute(async (trx) => {
    if (profile.name !== undefined) {
      const { email } = await trx
        .selectFrom('members')
        .select('email')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      if (email !== null && nameIsEmail(profile.name, email)) {
        throw invalidField('profile.name', NAME_EQUAL_TO_EMAIL);
      }
    }
    await trx
      .updateTable('profiles')
      .set({
        ...(profile.name !== undefined && { name: profile.name }),
        ...(profile.gender !== undefined && { gender: profile.gender }),
        ...(profile.date_of_birth !== undefined && { date_of_birth: profile.date_of_birth }),
        ...(profile.fields && {
          fields: sql<string>`(fields || ${answered(profile.fields)}::jsonb) - ${cleared(profile.fields)}::text[]`,
        }),
        ...(profile.notes && {
          notes: sql<string>`notes || ${definedOnly(profile.notes)}::jsonb`,
        }),
        ...(profile.interests && { interests: JSON.stringify([...new Set(profile.interests)]) }),
        updated_at: sql<Date>`now()`,
      })
      .where('member_id', '=', memberId)
      .execute();
    if (lastSignupStep !== undefined) {
      await trx
        .updateTable('members')
        .set({ last_signup_step: lastSignupStep })
        .where('id', '=', memberId)
        .execute();
    }
  });
}
