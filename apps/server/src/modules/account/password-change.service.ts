import type { PasswordChangeBody } from '@amora/shared/schemas/password';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, notLoggedIn } from '../../lib/errors.js';
import { checkCredentials } from '../auth/login.service.js';
import { hashPassword } from '../auth/password.js';
import type { LoginLimits } from '../auth/password-attempts.js';
import { endMemberSessions } from '../auth/session.service.js';
import { findActiveMemberById } from '../members/member.repository.js';
import { revokeMemberTokens } from '../tokens/member-token.js';
import { updatePasswordHash } from './password.repository.js';
import { queuePasswordChangedMail } from './password-reset.service.js';

const WRONG_PASSWORD = 'Your current password is not right';

/**
 * Changes a logged-in member's password. The current password is checked as a login
 * would check it, so wrong guesses count towards the same failed-login limit (429 once
 * it is reached). Every other session ends; the one in use (`keepSessionToken`) stays.
 */
export async function changePassword(
  db: Kysely<Database>,
  memberId: number,
  body: PasswordChangeBody,
  options: { keepSessionToken: string | null; ip: string; limits: LoginLimits },
): Promise<void> {
  const member = await findActiveMemberById(db, memberId);
  if (!member) throw notLoggedIn();
  try {
    await checkCredentials(db, member.email, body.current_password, options);
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_credentials') {
      throw badRequest('wrong_password', WRONG_PASSWORD, { current_password: WRONG_PASSWORD });
    }
    throw error;
  }
  // Hashed outside the transaction: PGlite has one connection that a transaction holds.
  const passwordHash = await hashPassword(body.new_password);
  await db.transaction().execute(async (trx) => {
    if (!(await updatePasswordHash(trx, member.id, passwordHash))) throw notLoggedIn();
    await endMemberSessions(trx, member.id, options.keepSessionToken);
    // The new password supersedes any reset link still open.
    await revokeMemberTokens(trx, member.id, 'password_reset');
    await queuePasswordChangedMail(trx, member);
  });
}
