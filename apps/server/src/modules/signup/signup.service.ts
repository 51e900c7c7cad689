import { mailProviderCode } from '@amora/shared/rules/mail-providers';
import type { signupBodySchema } from '@amora/shared/schemas/signup';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { addressKey } from '../../lib/client-address.js';
import { AppError, badRequest, forbidden, tooManyRequests } from '../../lib/errors.js';
import { isBannedAddress } from '../account/banned-email.js';
import { isErasedEmail } from '../account/erased-email.js';
import { countRecentAttempts, recordAttempt } from '../auth/auth-attempts.repository.js';
import { hashPassword } from '../auth/password.js';
import { changeCredits } from '../credits/credit-ledger.repository.js';
import { issueActivation } from '../mail/activation.service.js';
import { createMember, findMemberByEmail } from '../members/member.repository.js';
import { readTokenKey } from '../site/secrets.js';
import { readStoredSettings } from '../site/site.repository.js';
import type { StoredSettings } from '../site/site-defaults.js';
import { checkEmailToken, csrfMatches } from './email-token.js';

export type SignupInput = z.output<typeof signupBodySchema>;

const SIGNUP = 'signup';
const SIGNUP_WINDOW_MINUTES = 60;

export interface SignupOptions {
  /** The visitor's IP address: signups are limited per address. */
  ip: string;
  signupsPerHour: number;
  welcomeCredits: number;
}

/** Whether the site takes this signup (spec section 6): `all`, or `with_trafficsource` and a network. */
export function signupsOpen(settings: Pick<StoredSettings, 'signups'>, input: SignupInput) {
  if (settings.signups === 'all') return true;
  if (settings.signups === 'with_trafficsource') return Boolean(input.trafficsource?.network);
  return false;
}

/** An IANA zone this server knows, else null (a browser's newer zone is not worth a refusal). */
function knownTimezone(timezone: string | null): string | null {
  if (!timezone) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return timezone;
  } catch {
    return null;
  }
}

/** Where the visitor came from, kept with the account (a flat object of strings). */
function trackingOf(input: SignupInput): Record<string, string> {
  const tracking: Record<string, string> = {};
  for (const [field, value] of Object.entries(input.trafficsource ?? {})) {
    if (value) tracking[field] = value;
  }
  if (input.form_path) tracking.form_path = input.form_path;
  if (input.referrer) tracking.referrer = input.referrer;
  if (input.profile !== null) tracking.profile = String(input.profile);
  if (input.n) tracking.n = input.n;
  return tracking;
}

const emailTaken = () =>
  new AppError(409, 'email_taken', 'An account with this e-mail address already exists');

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * `POST /api/user.php?new=1`: checks the e-mail check token and its csrf hash, whether
 * signups are open, the country and the per-address limit, whether the address is taken (409)
 * or reaches a banned account's mailbox (403 `banned`), then creates the member, the
 * profile, the welcome credits (balance and ledger row), the signup's attempt row and the
 * activation mail in one transaction. `typedEmail` is the address as sent, before
 * normalising. Answers the new member's id.
 */
export async function signUp(
  db: Kysely<Database>,
  input: SignupInput,
  typedEmail: string,
  options: SignupOptions,
): Promise<number> {
  const { email, token } = input;
  if (!csrfMatches(input.csrf, token, [typedEmail, email])) {
    throw forbidden('invalid_csrf', 'The form could not be verified, please reload the page');
  }
  const tokenCheck = checkEmailToken(await readTokenKey(db), email, token);
  if (tokenCheck !== 'valid') {
    throw forbidden(
      'invalid_token',
      tokenCheck === 'expired'
        ? 'The form has expired, please check your e-mail address again'
        : 'The e-mail address was not checked, please check it again',
    );
  }

  const settings = await readStoredSettings(db);
  if (!signupsOpen(settings, input)) {
    throw forbidden('signups_closed', 'Signing up is by invitation only at the moment');
  }
  if (!(settings.countries as string[]).includes(input.country)) {
    throw badRequest('country_not_allowed', 'country: We do not operate in this country yet', {
      country: 'We do not operate in this country yet',
    });
  }
  const client = addressKey(options.ip);
  const recent = await countRecentAttempts(db, SIGNUP, client, SIGNUP_WINDOW_MINUTES);
  if (recent >= options.signupsPerHour) {
    throw tooManyRequests('Too many new accounts from your address, please try again later');
  }
  // A deleted account's address stays taken (it reports `deleted`, decision 013).
  if ((await findMemberByEmail(db, email)) || (await isErasedEmail(db, email))) {
    throw emailTaken();
  }
  // A plus-address or dotted variant of a banned account's mailbox (issue 42).
  if (await isBannedAddress(db, email)) {
    throw forbidden('banned', 'This e-mail address belongs to a banned account');
  }

  // Slow work before the transaction: PGlite has one connection that a transaction holds.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const memberId = await createMember(trx, {
        account: {
          email,
          password_hash: passwordHash,
          mailprovider: mailProviderCode(email),
          timezone: knownTimezone(input.timezone),
          tracking: trackingOf(input),
          signup_ip: options.ip,
        },
        profile: { name: input.name, country: input.country, language: input.language },
      });
      // Two signups with one address at once: the unique index lets only the first through.
      if (memberId === null) throw emailTaken();
      if (options.welcomeCredits > 0) {
        await changeCredits(trx, {
          memberId,
          amount: options.welcomeCredits,
          reason: 'welcome',
        });
      }
      await recordAttempt(trx, SIGNUP, client);
      await issueActivation(trx, {
        id: memberId,
        email,
        name: input.name,
        language: input.language,
      });
      return memberId;
    });
  } catch (error) {
    // Two signups with one address at once: the unique index lets only the first through.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
