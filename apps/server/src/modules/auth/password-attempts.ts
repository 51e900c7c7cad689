import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addressKey } from '../../lib/client-address.js';
import { tooManyRequests } from '../../lib/errors.js';
import { textLocale } from '../../lib/locale-text.js';
import { enqueueMail } from '../mail/mail-outbox.repository.js';
import { findActiveMemberByEmail } from '../members/member.repository.js';
import {
  claimDailyAlert,
  clearPairFailures,
  type FailureCounts,
  reserveAttempt,
} from './login-failures.repository.js';

/** The failed-password limits of the configuration (`config.rateLimit` carries them). */
export interface LoginLimits {
  /** Failures on one account from one address within the window before that pair gets 429. */
  loginFailuresMax: number;
  loginFailuresWindowMinutes: number;
  /** Failures from one address on any accounts within the window before it gets 429. */
  loginFailuresPerAddress: number;
  /** How long every attempt on an account under attack waits (2 s; tests set less). */
  loginFailuresDelayMs: number;
}

/**
 * Failures on one account within an hour from which the account counts as under attack:
 * every further attempt on it waits `loginFailuresDelayMs`, and its owner is told (once a day).
 */
export const ACCOUNT_ATTACK_FAILURES_PER_HOUR = 100;

export interface PasswordAttempt {
  /** The lower-cased e-mail address whose password is tried (an unknown one counts alike). */
  account: string;
  /** The client's address (`request.ip`). */
  ip: string;
  /** Checks the password; true when it is right. */
  verify: () => Promise<boolean>;
}

/**
 * The one rule for every password check: logging in, and confirming a change of password
 * or e-mail address or the deletion of the account (docs/decisions/027). Refuses (429
 * `rate_limited`) before checking when this address failed `loginFailuresMax` times on the
 * account, or `loginFailuresPerAddress` times on any accounts, within the window. Each try
 * is reserved as a failure before the password is checked, so parallel tries cannot pass
 * the limits together; a right password clears this address's failures on the account.
 * An account under attack makes every try wait, and its owner is mailed.
 */
export async function attemptPassword(
  db: Kysely<Database>,
  attempt: PasswordAttempt,
  limits: LoginLimits,
): Promise<boolean> {
  const address = addressKey(attempt.ip);
  const addressSpent = (counts: FailureCounts) => counts.address >= limits.loginFailuresPerAddress;
  const within = (counts: FailureCounts) =>
    !addressSpent(counts) && counts.pair < limits.loginFailuresMax;
  const { counts, taken } = await reserveAttempt(
    db,
    attempt.account,
    address,
    limits.loginFailuresWindowMinutes,
    within,
  );
  if (!taken) {
    throw tooManyRequests(
      addressSpent(counts)
        ? 'Too many wrong passwords from your address, please try again later'
        : 'Too many wrong passwords for this account, please try again in a few minutes',
    );
  }
  if (counts.accountHour >= ACCOUNT_ATTACK_FAILURES_PER_HOUR) {
    await alertOwner(db, attempt.account);
    await sleep(limits.loginFailuresDelayMs);
  }
  // A wrong password leaves the reserved failure in place.
  if (!(await attempt.verify())) return false;
  await clearPairFailures(db, attempt.account, address);
  return true;
}

/** Mails the owner of an account under attack, at most once a day (across instances). */
async function alertOwner(db: Kysely<Database>, account: string): Promise<void> {
  const owner = await findActiveMemberByEmail(db, account);
  if (!owner) return;
  await db.transaction().execute(async (trx) => {
    if (!(await claimDailyAlert(trx, owner.id))) return;
    await enqueueMail(trx, {
      memberId: owner.id,
      payload: {
        to: owner.email,
        locale: textLocale(owner.language),
        template: 'failed_logins_alert',
        data: { name: owner.name, failures: ACCOUNT_ATTACK_FAILURES_PER_HOUR },
      },
    });
  });
}
