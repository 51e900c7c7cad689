import { run } from '@zootools/email-spell-checker';
import { KNOWN_MAIL_DOMAINS } from './mail-providers.js';

/** Distance thresholds of the suggestion: whole domain, second level, top level (spec section 5). */
export const MAIL_SUGGESTION_THRESHOLDS = { domain: 2, secondLevel: 2, topLevel: 2 } as const;

/** The only second-level domain kept on its own (spec section 5). */
const SECOND_LEVEL_DOMAINS = ['hotmail'];

const TOP_LEVEL_DOMAINS = [
  ...new Set([
    ...KNOWN_MAIL_DOMAINS.map((domain) => domain.split('.').slice(1).join('.')),
    'com',
    'net',
    'org',
    'nl',
    'be',
    'pl',
    'de',
    'fr',
    'it',
    'es',
    'co.uk',
    'eu',
  ]),
];

/** The corrected address when the domain is close to a known provider's, else null. */
export function suggestEmail(email: string): string | null {
  const trimmed = email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(trimmed)) return null;
  const suggestion = run({
    email: trimmed,
    domains: [...KNOWN_MAIL_DOMAINS],
    secondLevelDomains: SECOND_LEVEL_DOMAINS,
    topLevelDomains: TOP_LEVEL_DOMAINS,
    domainThreshold: MAIL_SUGGESTION_THRESHOLDS.domain,
    secondLevelThreshold: MAIL_SUGGESTION_THRESHOLDS.secondLevel,
    topLevelThreshold: MAIL_SUGGESTION_THRESHOLDS.topLevel,
  });
  return suggestion && suggestion.full !== trimmed ? suggestion.full : null;
}
