import { createHmac, hkdfSync } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readTokenKey } from '../site/secrets.js';

/**
 * A deleted account keeps its address only as HMAC-SHA256 of the lower-cased address, under
 * a key derived from the server's token key (stored encrypted under SECRET_KEY in
 * production): the address still reports `deleted` and cannot sign up again, yet the table
 * no longer holds it (issue 19, docs/decisions/035).
 */
export async function erasedEmailHmac(db: Kysely<Database>, email: string): Promise<string> {
  return keyedHmac(db, 'amora:erased-email:v1', email.trim().toLowerCase());
}

/**
 * HMAC-SHA256 of `text` under a key derived from the token key for one `purpose` (HKDF
 * info), so the HMACs of one purpose say nothing about those of another.
 */
export async function keyedHmac(
  db: Kysely<Database>,
  purpose: string,
  text: string,
): Promise<string> {
  const key = Buffer.from(hkdfSync('sha256', await readTokenKey(db), Buffer.alloc(0), purpose, 32));
  return createHmac('sha256', key).update(text).digest('hex');
}

/** Whether the address belonged to an account deleted since. */
export async function isErasedEmail(db: Kysely<Database>, email: string): Promise<boolean> {
  const hmac = await erasedEmailHmac(db, email);
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('email_hmac', '=', hmac)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Accounts deleted before erasure existed kept their address in plain text: it becomes its
 * HMAC, and their tracking data goes (at every start, a no-op once done). Answers how many.
 */
export async function eraseDeletedAddresses(db: Kysely<Database>): Promise<number> {
  const rows = await db
    .selectFrom('members')
    .select(['id', 'email'])
    .where('status', '=', 'deleted')
    .where('email', 'is not', null)
    .execute();
  for (const row of rows) {
    await db
      .updateTable('members')
      .set({
        email: null,
        email_canonical: null,
        email_hmac: await erasedEmailHmac(db, row.email!),
        tracking: '{}',
        price_country: null,
      })
      .where('id', '=', row.id)
      .where('email', '=', sql<string>`${row.email}`)
      .execute();
  }
  return rows.length;
}
