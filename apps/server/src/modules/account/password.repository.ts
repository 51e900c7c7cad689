import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What a mail to a member needs: where it goes, whom it greets, in which language. */
export interface MailableMember {
  id: number;
  email: string;
  name: string;
  language: string;
}

function activeMembers(db: Kysely<Database>) {
  return db
    .selectFrom('members')
    .innerJoin('profiles', 'profiles.member_id', 'members.id')
    .select(['members.id', 'members.email', 'profiles.name', 'profiles.language'])
    .where('members.status', '=', 'active')
    .where('members.email', 'is not', null);
}

/** The member who may log in with this address; deleted and banned accounts are not found. */
export async function findActiveMemberByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<MailableMember | undefined> {
  const row = await activeMembers(db).where('members.email', '=', email).executeTakeFirst();
  return row && { ...row, email: row.email! };
}

export async function findActiveMemberById(
  db: Kysely<Database>,
  id: number,
): Promise<MailableMember | undefined> {
  const row = await activeMembers(db).where('members.id', '=', id).executeTakeFirst();
  return row && { ...row, email: row.email! };
}

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
