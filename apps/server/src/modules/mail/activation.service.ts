import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { mailLocale } from './mail-templates.js';
import { enqueueMail, newestMailSent } from './outbox.repository.js';

/** An activation link works this long, once. */
export const ACTIVATION_TOKEN_HOURS = 48;
/** The link target in the activation mail (its path contains `activ`, as the contract says). */
export const ACTIVATION_LINK_PATH = '/api/activation.php';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates a single-use activation token and queues the activation mail, both through the
 * given database or transaction (so they commit with the signup). No I/O happens here: the
 * outbox worker renders and sends the mail afterwards.
 */
export async function issueActivation(
  db: Kysely<Database> | Transaction<Database>,
  member: { id: number; email: string; name: string; language: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('member_tokens')
    .values({
      member_id: member.id,
      purpose: 'activation',
      token_hash: hashToken(token),
      expires_at: sql`now() + make_interval(hours => ${ACTIVATION_TOKEN_HOURS})`,
    })
    .execute();
  await enqueueMail(db, {
    memberId: member.id,
    payload: {
      to: member.email,
      locale: mailLocale(member.language),
      template: 'activation',
      data: {
        name: member.name,
        linkPath: `${ACTIVATION_LINK_PATH}?token=${encodeURIComponent(token)}`,
        validHours: ACTIVATION_TOKEN_HOURS,
      },
    },
  });
}

/**
 * Activates the member a valid activation token belongs to and uses the token up. An
 * unknown, used or expired token, or one of a deleted or banned account, is `invalid`.
 */
export async function activateWithToken(
  db: Kysely<Database>,
  token: string,
): Promise<'activated' | 'invalid'> {
  // A real token is 43 base64url characters; anything far off needs no database trip.
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return 'invalid';
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('member_tokens')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', hashToken(token))
      .where('purpose', '=', 'activation')
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('member_id')
      .executeTakeFirst();
    if (!used) return 'invalid';
    const member = await trx
      .updateTable('members')
      .set({ activated_at: sql`coalesce(activated_at, now())` })
      .where('id', '=', used.member_id)
      .where('status', '=', 'active')
      .returning('id')
      .executeTakeFirst();
    return member ? 'activated' : 'invalid';
  });
}

/** Whether the member's (newest) activation mail has been handed to the mail server. */
export async function activationDelivered(
  db: Kysely<Database>,
  memberId: number,
): Promise<boolean> {
  return newestMailSent(db, memberId, 'activation');
}
