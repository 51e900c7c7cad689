import { emailSchema } from '@amora/shared/schemas/auth';
import type { ValidateEmailResponse } from '@amora/shared/schemas/signup';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addressKey } from '../../lib/client-address.js';
import { tooManyRequests } from '../../lib/errors.js';
import { isErasedEmail } from '../account/erased-email.js';
import { countRecentAttempts, recordAttempt } from '../auth/auth-attempts.repository.js';
import { findMemberByEmail } from '../members/member.repository.js';
import { readTokenKey } from '../site/secrets.js';
import { issueEmailToken } from './email-token.js';

const EMAIL_CHECK = 'email_check';
const EMAIL_CHECK_WINDOW_MINUTES = 10;

export type AccountStatus = Exclude<ValidateEmailResponse['status'], 'invalid'>;

/**
 * What an address means to signup: `new` (free), `active` (an activated account, or a
 * banned one: it may not sign up again, and the ban is not told), `not_confirmed` (not
 * activated yet) or `deleted`.
 */
export async function accountStatus(db: Kysely<Database>, email: string): Promise<AccountStatus> {
  const member = await findMemberByEmail(db, email);
  if (!member) return (await isErasedEmail(db, email)) ? 'deleted' : 'new';
  if (member.status === 'deleted') return 'deleted';
  if (member.status === 'banned') return 'active';
  return member.activated_at ? 'active' : 'not_confirmed';
}

export interface EmailCheckLimit {
  /** False when `RATE_LIMIT=off` lifts the per-address call limits. */
  enabled: boolean;
  perTenMinutes: number;
}

/**
 * `GET /api/validate_email.php`: the address's status and, for a well-formed address, a
 * token that signup requires (see `email-token.ts`). Counted per client address
 * (`addressKey`) in the database, so the limit holds across instances.
 */
export async function checkEmail(
  db: Kysely<Database>,
  requestEmail: string,
  ip: string,
  limit: EmailCheckLimit,
): Promise<ValidateEmailResponse> {
  if (limit.enabled) {
    const key = addressKey(ip);
    const recent = await countRecentAttempts(db, EMAIL_CHECK, key, EMAIL_CHECK_WINDOW_MINUTES);
    if (recent >= limit.perTenMinutes) {
      throw tooManyRequests('Too many e-mail checks, please try again in a few minutes');
    }
    await recordAttempt(db, EMAIL_CHECK, key);
  }
  const parsed = emailSchema.safeParse(requestEmail);
  if (!parsed.success) {
    return {
      token: '',
      status: 'invalid',
      email: requestEmail.trim().toLowerCase(),
      request_email: requestEmail,
    };
  }
  const email = parsed.data;
  const [status, key] = await Promise.all([accountStatus(db, email), readTokenKey(db)]);
  return { token: issueEmailToken(key, email), status, email, request_email: requestEmail };
}
