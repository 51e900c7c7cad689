import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, notLoggedIn } from '../../lib/errors.js';
import { textLocale } from '../../lib/locale-text.js';
import { verifyPassword } from '../auth/password.js';
import { attemptPassword, type LoginLimits } from '../auth/password-attempts.js';
import { deleteMemberSessions } from '../auth/session.repository.js';
import { queuePhotoObjectsDelete } from '../images/photo-objects.js';
import { enqueueMail } from '../mail/mail-outbox.repository.js';
import { queueMediaDelete } from '../media/media-delete.js';
import { findActiveMemberById, findMemberById } from '../members/member.repository.js';
import {
  deleteMemberDevicesAndSearches,
  deleteMemberExports,
  deleteMemberImages,
  deleteMemberLikes,
  deleteMemberVerifications,
  eraseMemberRecords,
  lockErasableMember,
  markMemberDeleted,
  wipeProfile,
} from './account-deletion.repository.js';
import { bannedEmailHmac } from './banned-email.js';
import { erasedEmailHmac } from './erased-email.js';

/**
 * Deletes the logged-in member's account (docs/decisions/013): the current password is
 * checked under the failed-login rule (`attemptPassword`), so this call cannot be used to
 * guess a password faster than the login form allows; then `eraseAccount`.
 *
 * Throws 403 `not_logged_in` when the account is no longer active, 400 `wrong_password`,
 * 429 after too many failed password checks.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  memberId: number,
  password: string,
  options: { ip: string; limits: LoginLimits },
): Promise<void> {
  const member = await findMemberById(db, memberId);
  if (!member?.email || member.status !== 'active') throw notLoggedIn();

  const attempt = {
    account: member.email,
    ip: options.ip,
    verify: () => verifyPassword(member.password_hash, password),
  };
  if (!(await attemptPassword(db, attempt, options.limits))) {
    throw badRequest('wrong_password', 'The password is not correct', {
      password: 'The password is not correct',
    });
  }
  if (!(await eraseAccount(db, memberId, { statuses: ['active'] }))) {
    throw notLoggedIn();
  }
}

/**
 * Erases an account in one of `statuses`; false when it is not (or no longer) in one:
 * 1. one transaction marks the member deleted (the address stays only as an HMAC, reporting
 *    `deleted`; a banned account's canonical address too, so its mailbox stays refused at
 *    signup), empties the profile, removes photo rows, likes both ways, push subscriptions
 *    and the remembered search, voids mailed links and waiting mail, queues a goodbye mail
 *    to an active account (with the way to customer service for a member who did not do
 *    this), and ends every session; the search row goes with the status change
 *    (search_profiles trigger);
 * 2. the same transaction queues `media_delete` jobs for the objects of the member's photos,
 *    data exports and verification selfies (their rows deleted with the verified mark): from the commit on none is served, and the job removes them from the
 *    store, tried again until the store has (docs/privacy.md).
 * Callers: `deleteAccount` (the member, active only) and `npm run erase-account` (the
 * operator, for an erasure request by mail, banned accounts included).
 */
export async function eraseAccount(
  db: Kysely<Database>,
  memberId: number,
  options: { statuses: readonly ('active' | 'banned')[] },
): Promise<boolean> {
  const member = await findMemberById(db, memberId);
  if (!member?.email) return false;
  const email = member.email;
  // Outside the transaction: the key is read through the database handle.
  const emailHmac = await erasedEmailHmac(db, email);
  const bannedHmac = await bannedEmailHmac(db, email);
  return db.transaction().execute(async (trx) => {
    const locked = await lockErasableMember(trx, memberId, options.statuses);
    if (!locked || locked.email !== email) return false;
    // Read before the profile is emptied: the goodbye mail greets the member by name.
    const mailable = await findActiveMemberById(trx, memberId);
    await queuePhotoObjectsDelete(trx, await deleteMemberImages(trx, memberId));
    await wipeProfile(trx, memberId);
    await deleteMemberLikes(trx, memberId);
    await deleteMemberDevicesAndSearches(trx, memberId);
    await eraseMemberRecords(trx, memberId, email);
    await queueMediaDelete(trx, await deleteMemberExports(trx, memberId), 'exports');
    await queueMediaDelete(trx, await deleteMemberVerifications(trx, memberId), 'private');
    if (mailable) {
      // Queued while the address is still the member's, so the greeting may name them; not
      // tied to the account: the outbox drops it once sent (`erase_after_send`).
      await enqueueMail(trx, {
        memberId: null,
        recipientId: memberId,
        payload: {
          to: mailable.email,
          locale: textLocale(mailable.language),
          template: 'account_deleted',
          data: { name: mailable.name },
        },
      });
    }
    await markMemberDeleted(trx, memberId, {
      emailHmac,
      bannedEmailHmac: locked.status === 'banned' ? bannedHmac : null,
    });
    await deleteMemberSessions(trx, memberId);
    return true;
  });
}
