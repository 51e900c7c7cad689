import type { Kysely } from 'kysely';
import { DEMO_ADMIN_EMAIL } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import { createMember } from '../members/member.repository.js';

/**
 * Creates the demo's admin login (`admin@amora.test`, the demo password) unless it exists:
 * a confirmed member without a birth date or photo, so no search lists it. It is an admin
 * because the demo's ADMIN_EMAILS defaults to its address; production never seeds it.
 */
export async function ensureDemoAdmin(
  db: Kysely<Database>,
  passwordHash: () => string | Promise<string>,
): Promise<{ email: string }> {
  const email = DEMO_ADMIN_EMAIL;
  const found = await db
    .selectFrom('members')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (found) return { email };
  const hash = await passwordHash();
  // Another instance starting at the same moment may have created it first: then skipped.
  await createMember(db, {
    account: { email, password_hash: hash, status: 'active', activated_at: new Date() },
    profile: { name: 'Amora Team', gender: null, country: 'NL', language: 'en' },
  });
  return { email };
}
