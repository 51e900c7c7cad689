import { canonicalEmail } from '@amora/shared/rules/canonical-email';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { keyedHmac } from './erased-email.js';

/**
 * The HMAC an erased banned account keeps of its canonical address (`canonicalEmail`),
 * under its own key derived from the server's token key: enough to refuse the mailbox at
 * signup, nothing to read the address back from (issue 42).
 */
export async function bannedEmailHmac(db: Kysely<Database>, email: string): Promise<string> {
  return keyedHmac(db, 'amora:banned-email:v1', canonicalEmail(email));
}

/**
 * Whether the address reaches the mailbox of a banned account: its canonical form is a
 * banned account's, or the HMAC of one kept after that account was erased. Signup refuses
 * such an address (403 `banned`); an exact match of a live account's address is refused
 * before this as taken.
 */
export async function isBannedAddress(db: Kysely<Database>, email: string): Promise<boolean> {
  const banned = await db
    .selectFrom('members')
    .select('id')
    .where('email_canonical', '=', canonicalEmail(email))
    .where('status', '=', 'banned')
    .executeTakeFirst();
  if (banned) return true;
  const erased = await db
    .selectFrom('members')
    .select('id')
    .where('banned_email_hmac', '=', await bannedEmailHmac(db, email))
    .executeTakeFirst();
  return erased !== undefined;
}
