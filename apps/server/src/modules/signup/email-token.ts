import { createHmac, timingSafeEqual } from 'node:crypto';
import { signupCsrf } from '@amora/shared/rules/signup-csrf';

/** A token from `GET /api/validate_email.php` is good for signing up this long. */
export const EMAIL_TOKEN_TTL_SECONDS = 2 * 60 * 60;
/** Clocks of several instances may differ a little; a token from the near future still counts. */
const CLOCK_SKEW_SECONDS = 60;

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

const mac = (key: Buffer, email: string, issuedAt: number) =>
  createHmac('sha256', key).update(`${email}:${issuedAt}`).digest('hex');

const equalText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A token that proves the e-mail check ran for `email` (normalised): `<issuedAt>.<hmac>`,
 * with the issue time in Unix seconds and an HMAC-SHA-256 over `email + ':' + issuedAt`.
 * Stateless, so any instance can verify it.
 */
export function issueEmailToken(key: Buffer, email: string, now = new Date()): string {
  const issuedAt = nowSeconds(now);
  return `${issuedAt}.${mac(key, email, issuedAt)}`;
}

export type EmailTokenCheck = 'valid' | 'invalid' | 'expired';

/** Whether `token` was issued by us for `email` within the last two hours. */
export function checkEmailToken(
  key: Buffer,
  email: string,
  token: string,
  now = new Date(),
): EmailTokenCheck {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return 'invalid';
  const issuedAt = Number(match[1]);
  if (!equalText(match[2]!, mac(key, email, issuedAt))) return 'invalid';
  const age = nowSeconds(now) - issuedAt;
  if (age < -CLOCK_SKEW_SECONDS) return 'invalid';
  return age > EMAIL_TOKEN_TTL_SECONDS ? 'expired' : 'valid';
}

/**
 * Whether `csrf` matches the token for one of the spellings of the address: as typed
 * (the form may hash what the person typed) or normalised (what the e-mail check answered).
 */
export function csrfMatches(csrf: string, token: string, emails: readonly string[]): boolean {
  return emails.some((email) => equalText(csrf, signupCsrf(token, email)));
}
