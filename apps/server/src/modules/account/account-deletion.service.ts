import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, notLoggedIn } from '../../lib/errors.js';
import { textLocale } from '../../lib/locale-text.js';
import { verifyPassword } from '../auth/password.js';
import { attemptPassword, type LoginLimits } from '../auth/password-attempts.js';
import { deleteMemberSessions } from '../auth/session.repository.js';
import type { ImageStorage } from '../images/image-storage.js';
import { enqueueMail } from '../mail/mail-outbox.repository.js';
import { findActiveMemberById, findMemberById } from '../members/member.repository.js';
import {
  deleteMemberDevicesAndSearches,
  deleteMemberExports,
  deleteMemberImages,
  deleteMemberLikes,
  eraseMemberRecords,
  lockActiveMember,
  markMemberDeleted,
  wipeProfile,
} from './account-deletion.repository.js';
import { erasedEmailHmac } from './erased-email.js';

/**
 * Deletes the logged-in member's account (docs/decisions/013):
 * 1. the current password is checked under the failed-login rule (`attemptPassword`), so
 *    this call cannot be used to guess a password faster than the login form allows;
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
  options: { ip: string; limits: LoginLimits; log: FastifyBaseLogger; exportsDir: string },
): Promise<void> {
  const member = await findMemberById(db, memberId);
  if (!member?.email || member.status !== 'active') throw notLoggedIn();
  const email = member.email;

  const attempt = {
    account: email,
    ip: options.ip,
    verify: () => verifyPassword(member.password_hash, password),
  };
  if (!(await attemptPassword(db, attempt, options.limits))) {
    throw badRequest('wrong_password', 'The password is not correct', {
      password: 'The password is not correct',
    });
  }

  // Outside the transaction: the key is read through the database handle.
  const emailHmac = await erasedEmailHmac(db, email);
  const exportFiles: string[] = [];
  const files = await db.transaction().execute(async (trx) => {
    if (!(await lockActiveMember(trx, memberId))) throw notLoggedIn();
    // Read before the profile is emptied: the goodbye mail greets the member by name.
    const mailable = await findActiveMemberById(trx, memberId);
    const names = await deleteMemberImages(trx, memberId);
    await wipeProfile(trx, memberId);
    await markMemberDeleted(trx, memberId, emailHmac);
    await deleteMemberLikes(trx, memberId);
    await deleteMemberDevicesAndSearches(trx, memberId);
    await eraseMemberRecords(trx, memberId, email);
    exportFiles.push(...(await deleteMemberExports(trx, memberId)));
    if (mailable) {
      // Not tied to the account; the outbox drops it once sent (`erase_after_send`).
      await enqueueMail(trx, {
        memberId: null,
        payload: {
          to: mailable.email,
          locale: textLocale(mailable.language),
          template: 'account_deleted',
          data: { name: mailable.name },
        },
      });
    }
    await deleteMemberSessions(trx, memberId);
    return names;
  });

  await Promise.allSettled(
    exportFiles.map((name) => rm(join(options.exportsDir, name), { force: true })),
  );
  const results = await Promise.allSettled(files.map((name) => storage.remove(name)));
  const failed = files.filter((_, i) => results[i]?.status === 'rejected');
  if (failed.length > 0) {
    options.log.warn({ memberId, files: failed }, 'photo files of a deleted account remain');
  }
}
