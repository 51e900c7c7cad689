import {
  EMAIL_CHANGE_LINK_HOURS,
  EMAIL_CHANGE_LINK_PATH,
  EMAIL_CHANGE_UNDO_DAYS,
  type EmailChangeRequest,
  type EmailChangeRequestResponse,
} from '@amora/shared/schemas/email-change';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { addressKey } from '../../lib/client-address.js';
import { AppError, badRequest, notLoggedIn, tooManyRequests } from '../../lib/errors.js';
import { textLocale } from '../../lib/locale-text.js';
import { countRecentAttempts, recordAttempt } from '../auth/auth-attempts.repository.js';
import { verifyPassword } from '../auth/password.js';
import { attemptPassword, type LoginLimits } from '../auth/password-attempts.js';
import { endMemberSessions } from '../auth/session.service.js';
import { issueActivation } from '../mail/activation.service.js';
import { enqueueMail } from '../mail/mail-outbox.repository.js';
import { onAccountNotice } from '../notifications/member-events.js';
import {
  consumeMemberToken,
  issueMemberToken,
  revokeMemberTokens,
} from '../tokens/member-token.js';
import {
  type ChangingMember,
  emailInUse,
  findChangingMember,
  setMemberEmail,
} from './email-change.repository.js';
import { isErasedEmail } from './erased-email.js';
import { clearPasswordHash } from './password.repository.js';
import { mailResetLink } from './password-reset.service.js';

/** Kind of the rows in `auth_attempts` that limit change requests. */
const EMAIL_CHANGE_REQUEST = 'email_change_request';
const REQUEST_WINDOW_MINUTES = 60;
/**
 * Requests that passed the password check, per hour: per member and per IP address (each
 * one mails a stranger's address, and a refusal tells whether the address has an account),
 * and per new address (so nobody's mailbox can be flooded with confirmation mails).
 */
export const EMAIL_CHANGE_LIMITS = { perMember: 5, perAddress: 20, perNewEmail: 3 } as const;

const WRONG_PASSWORD = 'Your current password is not right';

const invalidToken = () =>
  badRequest('invalid_token', 'This link is not valid any more: it was used, expired or is wrong');
const emailTaken = () =>
  new AppError(409, 'email_taken', 'An account with this e-mail address already exists', {
    email: 'An account with this e-mail address already exists',
  });
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** A token's data is ours, but it is read back from the database: checked, never trusted. */
const tokenEmail = (data: Record<string, unknown>) =>
  z.object({ email: z.email() }).safeParse(data).data?.email.toLowerCase();

export interface RequestOptions {
  ip: string;
  limits: LoginLimits;
  /** False with RATE_LIMIT=off: the per-IP limit is lifted, the others stay. */
  limitPerAddress: boolean;
  /** The caller's session cookie: it stays when the change ends the member's other sessions. */
  sessionToken: string | null;
}

/**
 * `POST /api/email-change.php`. The current password is checked as a login would count
 * it (wrong guesses add to the account's failed-login limit, 429 once it is reached).
 * An activated member gets a confirmation link mailed to the new address, and nothing
 * changes until it is followed. A member who has not activated yet (a typo at signup)
 * gets the address changed at once and a new activation mail there.
 */
export async function requestEmailChange(
  db: Kysely<Database>,
  memberId: number,
  body: EmailChangeRequest,
  options: RequestOptions,
): Promise<EmailChangeRequestResponse> {
  const member = await findChangingMember(db, memberId);
  if (!member) throw notLoggedIn();
  await checkCurrentPassword(db, member, body.password, options);
  const email = body.email;
  if (email === member.email) {
    throw badRequest('same_email', 'This is already your e-mail address', {
      email: 'This is already your e-mail address',
    });
  }
  await countRequest(db, member.id, email, options);
  if ((await emailInUse(db, email)) || (await isErasedEmail(db, email))) throw emailTaken();

  try {
    return await db.transaction().execute(async (trx) => {
      const locked = await findChangingMember(trx, member.id, { lock: true });
      if (!locked) throw notLoggedIn();
      // A new request replaces any earlier one: only the newest link works.
      await revokeMemberTokens(trx, locked.id, 'email_change');
      if (locked.activated) {
        await mailConfirmationLink(trx, locked, email);
        return { ok: true as const, pending_email: email };
      }
      await setMemberEmail(trx, locked.id, email);
      // The old links went to an address that is not the member's: only the new one works.
      await revokeMemberTokens(trx, locked.id, 'activation');
      await issueActivation(trx, { ...locked, email });
      await endMemberSessions(trx, locked.id, options.sessionToken);
      return { ok: true as const, email };
    });
  } catch (error) {
    // Another account took the address between the check and the change.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

async function checkCurrentPassword(
  db: Kysely<Database>,
  member: ChangingMember,
  password: string,
  options: RequestOptions,
): Promise<void> {
  const attempt = {
    account: member.email,
    ip: options.ip,
    verify: () => verifyPassword(member.passwordHash, password),
  };
  if (!(await attemptPassword(db, attempt, options.limits))) {
    throw badRequest('wrong_password', WRONG_PASSWORD, { password: WRONG_PASSWORD });
  }
}

/** Refuses a request over one of the limits, else counts it under each of them. */
async function countRequest(
  db: Kysely<Database>,
  memberId: number,
  email: string,
  options: RequestOptions,
): Promise<void> {
  const keys: [string, number][] = [
    [`member:${memberId}`, EMAIL_CHANGE_LIMITS.perMember],
    [`to:${email}`, EMAIL_CHANGE_LIMITS.perNewEmail],
  ];
  if (options.limitPerAddress) {
    keys.push([`ip:${addressKey(options.ip)}`, EMAIL_CHANGE_LIMITS.perAddress]);
  }
  for (const [key, max] of keys) {
    const count = await countRecentAttempts(db, EMAIL_CHANGE_REQUEST, key, REQUEST_WINDOW_MINUTES);
    if (count >= max) {
      throw tooManyRequests('Too many e-mail address changes, please try again in an hour');
    }
  }
  // Counted before the address check: a refused address counts too, so the call cannot be
  // used to find out quickly which addresses have an account.
  for (const [key] of keys) await recordAttempt(db, EMAIL_CHANGE_REQUEST, key);
}

async function mailConfirmationLink(
  trx: Transaction<Database>,
  member: ChangingMember,
  email: string,
): Promise<void> {
  const token = await issueMemberToken(trx, member.id, 'email_change', EMAIL_CHANGE_LINK_HOURS, {
    email,
  });
  await enqueueMail(trx, {
    memberId: member.id,
    payload: {
      to: email,
      locale: textLocale(member.language),
      template: 'email_change_confirm',
      data: {
        name: member.name,
        newEmail: email,
        linkPath: `${EMAIL_CHANGE_LINK_PATH}?token=${encodeURIComponent(token)}`,
        validHours: EMAIL_CHANGE_LINK_HOURS,
      },
    },
  });
}

/**
 * `PUT /api/email-change.php { token }`: makes the change the confirmation link stands
 * for, in one transaction with the use of the token. When the address has been taken in
 * the meantime the answer is 409 and nothing is stored: the token stays as it was (it
 * expires on its own). The member's other sessions end (the caller's own stays when the
 * caller is that member), links mailed to the old address stop working, and the old
 * address gets a notice with a link that undoes the change.
 */
export async function confirmEmailChange(
  db: Kysely<Database>,
  token: string,
  caller: { memberId: number | null; sessionToken: string | null },
): Promise<{ email: string }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const used = await consumeMemberToken(trx, token, 'email_change');
      const email = used && tokenEmail(used.data);
      if (!used || !email) throw invalidToken();
      const member = await findChangingMember(trx, used.memberId, { lock: true });
      if (!member) throw invalidToken();
      if (member.email === email) return { email };
      if (await emailInUse(trx, email, member.id)) throw emailTaken();

      // Queued while the old address is still the member's: its greeting may name them.
      await mailUndoNotice(trx, member, email);
      await setMemberEmail(trx, member.id, email, { activate: true });
      // Links that went to the old address must not act on the account any more.
      await revokeMemberTokens(trx, member.id, 'email_change');
      await revokeMemberTokens(trx, member.id, 'password_reset');
      await revokeMemberTokens(trx, member.id, 'activation');
      await endMemberSessions(
        trx,
        member.id,
        caller.memberId === member.id ? caller.sessionToken : null,
      );
      return { email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** The notice to the address the account had until now, with the way back. */
async function mailUndoNotice(
  trx: Transaction<Database>,
  member: ChangingMember,
  newEmail: string,
): Promise<void> {
  const undo = await issueMemberToken(
    trx,
    member.id,
    'email_change_undo',
    EMAIL_CHANGE_UNDO_DAYS * 24,
    { email: member.email },
  );
  await enqueueMail(trx, {
    memberId: member.id,
    payload: {
      to: member.email,
      locale: textLocale(member.language),
      template: 'email_change_notice',
      data: {
        name: member.name,
        newEmail,
        linkPath: `${EMAIL_CHANGE_LINK_PATH}?undo=${encodeURIComponent(undo)}`,
        validDays: EMAIL_CHANGE_UNDO_DAYS,
      },
    },
  });
  await onAccountNotice(trx, member.id, 'email_changed');
}

/**
 * `PUT /api/email-change.php { undo }`: puts back the address the undo link was mailed
 * to (409 when another account has taken it meanwhile; the link then stays usable),
 * clears the password and mails a reset link to the restored address, and ends every
 * session of the member, since someone else may have had access. Every other open undo
 * link is voided: one mailed to an intruder's address would otherwise let them take the
 * account back. Answers the member's id.
 */
export async function undoEmailChange(db: Kysely<Database>, undoToken: string): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => {
      const used = await consumeMemberToken(trx, undoToken, 'email_change_undo');
      const email = used && tokenEmail(used.data);
      if (!used || !email) throw invalidToken();
      const member = await findChangingMember(trx, used.memberId, { lock: true });
      if (!member) throw invalidToken();
      if (member.email !== email) {
        if (await emailInUse(trx, email, member.id)) throw emailTaken();
        await setMemberEmail(trx, member.id, email);
      }
      await revokeMemberTokens(trx, member.id, 'email_change_undo');
      await revokeMemberTokens(trx, member.id, 'email_change');
      // Whoever changed the address knew the password: it stops working, and the restored
      // address gets a link to choose a new one (voiding any reset link sent elsewhere).
      await clearPasswordHash(trx, member.id);
      await mailResetLink(trx, { ...member, email }, 'email_change_undone');
      await endMemberSessions(trx, member.id);
      return member.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
