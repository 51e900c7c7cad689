import { LARGE_WEBMAIL_DOMAINS } from './mail-providers.js';

/**
 * The mailbox an address reaches, as far as we can tell from the address alone: lower
 * case, a `+tag` dropped for every domain, and for the large web mail provider the dots
 * of the local part dropped and `googlemail.com` read as `gmail.com` (they deliver to the
 * same inbox). Signup compares it with banned accounts, so a plus-address or a dotted
 * variant does not open a new account for a banned member (issue 42). It is not used to
 * decide that two accounts are the same person: existing accounts may share one.
 * Callers: `members/member.repository.ts` (stored as `members.email_canonical`),
 * `account/email-change.repository.ts`, `account/banned-email.ts`, and the backfill of
 * migration `2026112901-ban-evasion`.
 */
export function canonicalEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  // "+tag@example.com" has no mailbox name before the tag: kept as it is.
  if (plus > 0) local = local.slice(0, plus);
  if ((LARGE_WEBMAIL_DOMAINS as readonly string[]).includes(domain)) {
    local = local.replaceAll('.', '');
    domain = LARGE_WEBMAIL_DOMAINS[0];
  }
  return `${local}@${domain}`;
}
