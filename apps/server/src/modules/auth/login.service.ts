import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { loginFailures } from '../../lib/metrics.js';
import { findMemberByEmail } from '../members/member.repository.js';
import { verifyPassword } from './password.js';
import { attemptPassword, type LoginLimits } from './password-attempts.js';

/**
 * Checks credentials and returns the member id. Unknown e-mail and wrong password get the
 * same answer and count alike under the failed-password rule (`attemptPassword`).
 */
export async function checkCredentials(
  db: Kysely<Database>,
  email: string,
  password: string,
  options: { ip: string; limits: LoginLimits },
): Promise<number> {
  let found: Awaited<ReturnType<typeof findMemberByEmail>> | undefined;
  const ok = await attemptPassword(
    db,
    {
      account: email,
      ip: options.ip,
      verify: async () => {
        found = await findMemberByEmail(db, email);
        const right = await verifyPassword(found?.password_hash ?? null, password);
        return right && found !== undefined && found.status !== 'deleted';
      },
    },
    options.limits,
  );
  const member = found;
  if (!ok || !member) {
    loginFailures.inc();
    throw unauthorized();
  }
  // Only after the password: the reason is for the account's owner.
  if (member.status === 'banned') {
    throw new AppError(
      403,
      'banned',
      'This account has been banned',
      undefined,
      undefined,
      member.ban_reason ?? '',
    );
  }
  return member.id;
}
