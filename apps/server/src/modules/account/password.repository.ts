import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Stores a new password hash for an active member; with `activate`, an account that was
 * not activated yet is activated too. Answers false when there is no such active member.
 */
export async function updatePasswordHash(
  db: Kysely<Database>,
  memberId: number,
  passwordHash: string,
  options: { activate?: boolean } = {},
): Promise<boolean> {
  const row = await db
    .updateTable('members')
    .set({
      password_hash: passwordHash,
      ...(options.activate && { activated_at: sql`coalesce(activated_at, now())` }),
    })
    .where('id', '=', memberId)
    .where('status', '=', 'active')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Clears the member's password: nothing logs in with it any more (the login check fails
 * on a missing hash, as for an unknown address) until a reset link sets a new one.
 */
export async function clearPasswordHash(db: Kysely<Database>, memberId: number): Promise<void> {
  await db.updateTable('members').set({ password_hash: null }).where('id', '=', memberId).execute();
}
