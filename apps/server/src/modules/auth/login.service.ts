import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { findMemberByEmail } from '../members/member.repository.js';
import { clearAttempts, countRecentAttempts, recordAttempt } from './auth-attempts.repository.js';
import { verifyPassword } from './password.js';

/** Failed logins per e-mail address; other password checks (deleting the account) count here too. */
export const LOGIN_FAILURE = 'login_failure';

export interface LoginLimits {
  loginFailuresMax: number;
  loginFailuresWindowMinutes: number;
}

/**
 * Checks credentials and returns the member id. Unknown e-mail and wrong password get the
 * same answer; an account with too many recent failures is refused before the check.
 */
export async function checkCredentials(
  db: Kysely<Database>,
  email: string,
  password: string,
  limits: LoginLimits,
): Promise<number> {
  const failures = await countRecentAttempts(
    db,
    LOGIN_FAILURE,
    email,
    limits.loginFailuresWindowMinutes,
  );
  if (failures >= limits.loginFailuresMax) {
    throw tooManyRequests(
      'Too many failed logins for this account, please try again in a few minutes',
    );
  }
  const member = await findMemberByEmail(db, email);
  const ok = await verifyPassword(member?.password_hash ?? null, password);
  if (!member || !ok || member.status === 'deleted') {
    await recordAttempt(db, LOGIN_FAILURE, email);
    throw unauthorized();
  }
  if (member.status === 'banned') {
    throw new AppError(401, 'account_banned', 'This account has been blocked');
  }
  await clearAttempts(db, LOGIN_FAILURE, email);
  return member.id;
}
