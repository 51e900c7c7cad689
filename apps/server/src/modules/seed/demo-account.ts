import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { changeCredits } from '../credits/credit-ledger.repository.js';
import type { ObjectStore } from '../media/object-store.js';
import { createMember } from '../members/member.repository.js';
import { createRng } from './random.js';
import type { PortraitFiles } from './seed-members.js';

export const DEMO_ACCOUNT_EMAIL = 'demo@amora.test';

const DAY_MS = 86_400_000;

const DEMO_PROFILE = {
  name: 'Sanne',
  gender: 'female',
  age: 29,
  country: 'NL',
  countryregion: 'NL-NH',
  city: 'Amsterdam',
  language: 'nl',
  fields: {
    relationship_status: 'single',
    looking_for: 'relationship',
    body_type: 'athletic',
    height: '170_179',
    eye_color: 'brown',
    hair_color: 'brown',
    smoking: 'never',
    drinking: 'socially',
    children: 'want_children',
    education: 'master',
  },
  interests: ['travel', 'cycling', 'cooking', 'photography', 'music'],
  notes: {
    personal:
      'Hoi, ik ben Sanne, 29 jaar en ik woon in Amsterdam. Ik fiets bijna overal naartoe en op zaterdag loop ik graag over de markt om te bedenken wat ik ’s avonds ga koken. Ik reis graag en mijn camera gaat altijd mee. Vrienden omschrijven me als warm, eerlijk en een beetje een kletskous.',
    ideal_match:
      'Ik zoek iemand die lief en eerlijk is en kan genieten van de kleine dingen in het leven. Pluspunten als je kunt koken, of in elk geval niet moeilijk doet over de afwas! Laten we beginnen met een kop koffie en zien waar het heen gaat.',
  },
} as const;

export type EnsureDemoAccountOptions = {
  /** Where the portrait is stored: the deployment's uploads store. */
  uploads: ObjectStore;
  /**
   * The argon2id hash of the demo password, or a function producing it: the function is only
   * called when the account has to be created, so restarts do not pay for hashing.
   */
  passwordHash: string | (() => string | Promise<string>);
};

/**
 * Creates the real (non-fictional), activated demo member `demo@amora.test` unless it exists:
 * Sanne, 29, from Amsterdam, with a portrait, a complete profile and 100 credits.
 */
export async function ensureDemoAccount(
  db: Kysely<Database>,
  options: EnsureDemoAccountOptions,
): Promise<{ email: string }> {
  const email = DEMO_ACCOUNT_EMAIL;
  const found = await db
    .selectFrom('members')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (found) return { email };

  const passwordHash =
    typeof options.passwordHash === 'function'
      ? await options.passwordHash()
      : options.passwordHash;
  const now = new Date();
  const rnd = createRng('amora-demo-account');
  // Only a start that creates the account loads the generators.
  const { dateOfBirthForAge, discardPortraits, writePortrait } = await import('./seed-members.js');
  const dateOfBirth = dateOfBirthForAge(rnd, DEMO_PROFILE.age, now);
  const signupDate = new Date(now.getTime() - 90 * DAY_MS);
  const activatedAt = new Date(signupDate.getTime() + 4 * 60_000);

  // Rendering and writes to the store happen before the transaction, never inside it.
  const portrait: PortraitFiles = await writePortrait(
    db,
    options.uploads,
    'amora-demo-account',
    DEMO_PROFILE.gender,
    { age: DEMO_PROFILE.age, hair: DEMO_PROFILE.fields.hair_color },
  );

  const removePortrait = () => discardPortraits(db, options.uploads, [portrait]);
  const created = await db
    .transaction()
    .execute(async (trx) => {
      const memberId = await createMember(trx, {
        account: {
          email,
          password_hash: passwordHash,
          status: 'active',
          activated_at: activatedAt,
          signup_date: signupDate,
          last_active_at: now,
          timezone: 'Europe/Amsterdam',
        },
        profile: {
          name: DEMO_PROFILE.name,
          gender: DEMO_PROFILE.gender,
          date_of_birth: dateOfBirth,
          country: DEMO_PROFILE.country,
          countryregion: DEMO_PROFILE.countryregion,
          city: DEMO_PROFILE.city,
          language: DEMO_PROFILE.language,
          notes: DEMO_PROFILE.notes,
          fields: DEMO_PROFILE.fields,
          interests: DEMO_PROFILE.interests,
          updated_at: activatedAt,
        },
        photo: {
          filename: portrait.filename,
          thumb_filename: portrait.thumbFilename,
          created_at: activatedAt,
          reviewed_at: activatedAt,
        },
      });
      // Another instance starting at the same moment may have created it first.
      if (memberId === null) return false;
      // The balance column always equals the sum of the member's ledger rows (DESIGN "Credits").
      await changeCredits(trx, { memberId, amount: 100, reason: 'welcome' });
      return true;
    })
    .catch(async (err: unknown) => {
      await removePortrait();
      throw err;
    });
  if (!created) await removePortrait();
  return { email };
}
