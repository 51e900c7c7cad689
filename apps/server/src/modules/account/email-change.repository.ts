import { canonicalEmail } from '@amora/shared/rules/canonical-email';
import { mailProviderCode } from '@amora/shared/rules/mail-providers';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What an e-mail change needs of a member: the address, whether it is proven, how to greet. */
export interface ChangingMember {
  id: number;
  email: string;
  passwordHash: string | null;
  activated: boolean;
  name: string;
  language: string;
}

/**
 * An active member with an address and a profile. With `lock`, the member's row stays
 * locked until the transaction ends, so a confirmation, an undo, an activation or a
 * deletion of the same member cannot interleave with the change.
 */
export async function findChangingMember(
  db: Db,
  memberId: number,
  options: { lock?: boolean } = {},
): Promise<ChangingMember | undefined> {
  let query = db
    .selectFrom('members')
    .select(['id', 'email', 'password_hash', 'activated_at'])
    .where('id', '=', memberId)
    .where('status', '=', 'active')
    .where('email', 'is not', null);
  if (options.lock) query = query.forUpdate();
  const member = await query.executeTakeFirst();
  if (!member?.email) return undefined;
  const profile = await db
    .selectFrom('profiles')
    .select(['name', 'language'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return {
    id: member.id,
    email: member.email,
    passwordHash: member.password_hash,
    activated: member.activated_at !== null,
    name: profile?.name ?? '',
    language: profile?.language ?? 'en',
  };
}

/**
 * Whether an account other than `exceptId` holds the address, in any status: a deleted
 * account keeps its address (it reports `deleted`), so it cannot be taken over.
 */
export async function emailInUse(db: Db, email: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('members').select('id').where('email', '=', email);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Gives the member a new sign-in address (with its canonical form and mail-provider code);
 * with `activate`, the account counts as activated from now on, since the new mailbox has just
 * been proven.
 */
export async function setMemberEmail(
  db: Db,
  memberId: number,
  email: string,
  options: { activate?: boolean } = {},
): Promise<void> {
  await db
    .updateTable('members')
    .set({
      email,
      email_canonical: canonicalEmail(email),
      mailprovider: mailProviderCode(email),
      ...(options.activate && { activated_at: sql`coalesce(activated_at, now())` }),
    })
    .where('id', '=', memberId)
    .execute();
}
