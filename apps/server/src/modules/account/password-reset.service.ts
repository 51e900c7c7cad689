import {
  PASSWORD_RESET_LINK_HOURS,
  PASSWORD_RESET_LINK_PATH,
} from '@amora/shared/schemas/password';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addressKey } from '../../lib/client-address.js';
import { badRequest, tooManyRequests } from '../../lib/errors.js';
import { textLocale } from '../../lib/locale-text.js';
import { countRecentAttempts, recordAttempt } from '../auth/auth-attempts.repository.js';
import { hashPassword } from '../auth/password.js';
import { endMemberSessions } from '../auth/session.service.js';
import { enqueueMail } from '../mail/mail-outbox.repository.js';
import {
  findActiveMemberByEmail,
  findActiveMemberById,
  type MailableMember,
} from '../members/member.repository.js';
import { onAccountNotice } from '../notifications/member-events.js';
import {
  consumeMemberToken,
  findUsableMemberToken,
  issueMemberToken,
  revokeMemberTokens,
} from '../tokens/member-token.js';
import { updatePasswordHash } from './password.repository.js';

const PER_ADDRESS = 'password_reset_address';
const PER_IP = 'password_reset_ip';
const WINDOW_MINUTES = 60;

/** How many reset mails one mailbox, and one IP address, may ask for within an hour. */
export const PASSWORD_RESET_LIMITS = { perAddress: 5, perIp: 20 } as const;

export interface ResetRequestOptions {
  ip: string;
  /** False when `RATE_LIMIT=off` lifts the per-IP limits; the per-mailbox limit stays. */
  perIpLimit: boolean;
}

export const invalidResetToken = () =>
  badRequest('invalid_token', 'This link has expired or has already been used');

/** Queues the notice that the password changed, in the transaction that changed it. */
export async function queuePasswordChangedMail(db: Kysely<Database>, member: MailableMember) {
  await enqueueMail(db, {
    memberId: member.id,
    payload: {
      to: member.email,
      locale: textLocale(member.language),
      template: 'password_changed',
      data: { name: member.name },
    },
  });
  await onAccountNotice(db, member.id, 'password_changed');
}

/**
 * Sends a reset link when the address belongs to an active member, and does nothing
 * visible otherwise: the caller answers the same either way. Both limits count every
 * request, known address or not, so a 429 reveals nothing about accounts either.
 */
export async function requestPasswordReset(
  db: Kysely<Database>,
  email: string,
  options: ResetRequestOptions,
): Promise<void> {
  const client = addressKey(options.ip);
  const [byAddress, byIp] = await Promise.all([
    countRecentAttempts(db, PER_ADDRESS, email, WINDOW_MINUTES),
    options.perIpLimit ? countRecentAttempts(db, PER_IP, client, WINDOW_MINUTES) : 0,
  ]);
  if (byAddress >= PASSWORD_RESET_LIMITS.perAddress || byIp >= PASSWORD_RESET_LIMITS.perIp) {
    throw tooManyRequests('Too many reset requests, please try again in an hour');
  }
  await db.transaction().execute(async (trx) => {
    await recordAttempt(trx, PER_ADDRESS, email);
    if (options.perIpLimit) await recordAttempt(trx, PER_IP, client);
    const member = await findActiveMemberByEmail(trx, email);
    if (member) await mailResetLink(trx, member);
  });
}

/**
 * Issues a reset token and queues its link to the member's address, in the caller's
 * transaction: `password_reset` by default, or another link mail that leads to the same
 * page (`email_change_undone` after a hostile address change was undone). Only the newest
 * link works: an older mail found later cannot be used.
 */
export async function mailResetLink(
  trx: Kysely<Database>,
  member: MailableMember,
  template: 'password_reset' | 'email_change_undone' = 'password_reset',
): Promise<void> {
  await revokeMemberTokens(trx, member.id, 'password_reset');
  const token = await issueMemberToken(trx, member.id, 'password_reset', PASSWORD_RESET_LINK_HOURS);
  await enqueueMail(trx, {
    memberId: member.id,
    payload: {
      to: member.email,
      locale: textLocale(member.language),
      template,
      data: {
        name: member.name,
        linkPath: `${PASSWORD_RESET_LINK_PATH}?token=${encodeURIComponent(token)}`,
        validHours: PASSWORD_RESET_LINK_HOURS,
      },
    },
  });
}

/** Whether a reset link can still be used (its member still active), without using it. */
export async function isResetTokenUsable(db: Kysely<Database>, token: string): Promise<boolean> {
  const found = await findUsableMemberToken(db, token, 'password_reset');
  return found !== undefined && (await findActiveMemberById(db, found.memberId)) !== undefined;
}

/**
 * Sets a new password with a reset token and answers the member id. In one transaction:
 * the token is used up, the password replaced, an unactivated account activated (the
 * link proved the mailbox), other reset links voided and every session ended. A bad
 * token changes nothing.
 */
export async function resetPassword(
  db: Kysely<Database>,
  token: string,
  password: string,
): Promise<number> {
  // Cheap check first, so forged tokens never cost an argon2 hash.
  if (!(await findUsableMemberToken(db, token, 'password_reset'))) throw invalidResetToken();
  // Hashed outside the transaction: PGlite has one connection that a transaction holds.
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const used = await consumeMemberToken(trx, token, 'password_reset');
    if (!used) throw invalidResetToken();
    const member = await findActiveMemberById(trx, used.memberId);
    if (!member || !(await updatePasswordHash(trx, member.id, passwordHash, { activate: true }))) {
      throw invalidResetToken();
    }
    await revokeMemberTokens(trx, member.id, 'password_reset');
    await endMemberSessions(trx, member.id);
    await queuePasswordChangedMail(trx, member);
    return member.id;
  });
}
