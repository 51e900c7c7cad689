import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { textLocale } from '../../lib/locale-text.js';
import { consumeMemberToken, issueMemberToken } from '../tokens/member-token.js';
import { enqueueMail, newestMailSent } from './mail-outbox.repository.js';

/** An activation link works this long, once. */
export const ACTIVATION_TOKEN_HOURS = 48;
/** The link target in the activation mail (its path contains `activ`, as the contract says). */
export const ACTIVATION_LINK_PATH = '/api/activation.php';

/**
 * Creates a single-use activation token and queues the activation mail, both through the
 * given database or transaction (so they commit with the signup). No I/O happens here: the
 * outbox worker renders and sends the mail afterwards.
 */
export async function issueActivation(
  db: Kysely<Database> | Transaction<Database>,
  member: { id: number; email: string; name: string; language: string },
): Promise<void> {
  const token = await issueMemberToken(db, member.id, 'activation', ACTIVATION_TOKEN_HOURS);
  await enqueueMail(db, {
    memberId: member.id,
    payload: {
      to: member.email,
      locale: textLocale(member.language),
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
  return db.transaction().execute(async (trx) => {
    const used = await consumeMemberToken(trx, token, 'activation');
    if (!used) return 'invalid';
    const member = await trx
      .updateTable('members')
      .set({ activated_at: sql`coalesce(activated_at, now())` })
      .where('id', '=', used.memberId)
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
