import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, notLoggedIn, tooManyRequests } from '../../lib/errors.js';
import { countRecentAttempts, recordAttempt } from '../auth/auth-attempts.repository.js';
import { LOGIN_FAILURE, type LoginLimits } from '../auth/login.service.js';
import { verifyPassword } from '../auth/password.js';
import { deleteMemberSessions } from '../auth/session.repository.js';
import type { ImageStorage } from '../images/image-storage.js';
import { mailLocale } from '../mail/mail-templates.js';
import { enqueueMail } from '../mail/outbox.repository.js';
import { findMemberById } from '../members/member.repository.js';
import {
  deleteMemberDevicesAndSearches,
  deleteMemberImages,
  deleteMemberLikes,
  dropPendingOutbox,
  lockActiveMember,
  markMemberDeleted,
  revokeAllMemberTokens,
  wipeProfile,
} from './account-deletion.repository.js';
import { findActiveMemberById } from './password.repository.js';

/**
 * Deletes the logged-in member's account (docs/decisions/013):
 * 1. the current password is checked, counted with failed logins of the address, so this
 *    call cannot be used to guess a password faster than the login form allows;
 * 2. one transaction marks the member deleted (the address stays, reporting `deleted`),
 *    empties the profile, removes photo rows, likes both ways, push subscriptions and the
 *    remembered search, voids mailed links and waiting mail, queues a goodbye mail (with
 *    the way to customer service for a member who did not do this), and ends every
 *    session; the search row goes with the status change (search_profiles trigger);
 * 3. after the commit the photo files are removed from storage. A file that cannot be
 *    removed is logged, not reported: the account is gone either way.
 *
 * Throws 403 `not_logged_in` when the account is no longer active, 400 `wrong_password`,
 * 429 after too many failed password checks.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  storage: ImageStorage,
  memberId: number,
  password: string,
  options: { limits: LoginLimits; log: FastifyBaseLogger },
): Promise<void> {
  const member = await findMemberById(db, memberId);
  if (!member?.email || member.status !== 'active') throw notLoggedIn();
  const email = member.email;

  const failures = await countRecentAttempts(
    db,
    LOGIN_FAILURE,
    email,
    options.limits.loginFailuresWindowMinutes,
  );
  if (failures >= options.limits.loginFailuresMax) {
    throw tooManyRequests('Too many wrong passwords for this account, please try again later');
  }
  if (!(await verifyPassword(member.password_hash, password))) {
    await recordAttempt(db, LOGIN_FAILURE, email);
    throw badRequest('wrong_password', 'The password is not correct', {
      password: 'The password is not correct',
    });
  }

  const files = await db.transaction().execute(async (trx) => {
    if (!(await lockActiveMember(trx, memberId))) throw notLoggedIn();
    // Read before the profile is emptied: the goodbye mail greets the member by name.
    const mailable = await findActiveMemberById(trx, memberId);
    const names = await deleteMemberImages(trx, memberId);
    await wipeProfile(trx, memberId);
    await markMemberDeleted(trx, memberId);
    await deleteMemberLikes(trx, memberId);
    await deleteMemberDevicesAndSearches(trx, memberId);
    await revokeAllMemberTokens(trx, memberId);
    await dropPendingOutbox(trx, memberId);
    if (mailable) {
      await enqueueMail(trx, {
        memberId,
        payload: {
          to: mailable.email,
          locale: mailLocale(mailable.language),
          template: 'account_deleted',
          data: { name: mailable.name },
        },
      });
    }
    await deleteMemberSessions(trx, memberId);
    return names;
  });

  const results = await Promise.allSettled(files.map((name) => storage.remove(name)));
  const failed = files.filter((_, i) => results[i]?.status === 'rejected');
  if (failed.length > 0) {
    options.log.warn({ memberId, files: failed }, 'photo files of a deleted account remain');
  }
}
