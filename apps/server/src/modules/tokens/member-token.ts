import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, MemberTokenPurpose } from '../../db/schema.js';

/** What a single-use link in a mail is for; one purpose never opens another's door. */
export type TokenPurpose = MemberTokenPurpose;

type Db = Kysely<Database> | Transaction<Database>;

/** Only the SHA-256 of a token is stored: a leaked table hands out no links. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A real token is 43 base64url characters; anything far off needs no database trip. */
export const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);

/**
 * Creates a random single-use token for a member, valid for `hours`, with optional data
 * (an e-mail change keeps the new address here). Answers the token for the mail's link.
 */
export async function issueMemberToken(
  db: Db,
  memberId: number,
  purpose: TokenPurpose,
  hours: number,
  data: Record<string, unknown> = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('member_tokens')
    .values({
      member_id: memberId,
      purpose,
      token_hash: hashToken(token),
      data: JSON.stringify(data),
      expires_at: sql`now() + make_interval(hours => ${hours})`,
    })
    .execute();
  return token;
}

/**
 * Uses up a token of the given purpose: answers its member and data when it exists, is
 * unused and has not expired, else undefined. Run it in the transaction that acts on it,
 * so a failure leaves the token usable and two clicks cannot both succeed.
 */
export async function consumeMemberToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
): Promise<{ memberId: number; data: Record<string, unknown> } | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const used = await db
    .updateTable('member_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['member_id', 'data'])
    .executeTakeFirst();
  return used && { memberId: used.member_id, data: used.data as Record<string, unknown> };
}

/** Whether a token is still usable, without using it (a page can check before asking more). */
export async function findUsableMemberToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
): Promise<{ memberId: number; data: Record<string, unknown> } | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const row = await db
    .selectFrom('member_tokens')
    .select(['member_id', 'data'])
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row && { memberId: row.member_id, data: row.data as Record<string, unknown> };
}

/** Voids a member's open tokens of a purpose (a new reset link makes older ones useless). */
export async function revokeMemberTokens(
  db: Db,
  memberId: number,
  purpose: TokenPurpose,
): Promise<void> {
  await db
    .updateTable('member_tokens')
    .set({ used_at: sql`now()` })
    .where('member_id', '=', memberId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
