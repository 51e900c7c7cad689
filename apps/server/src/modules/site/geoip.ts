import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { COUNTRIES, type Country } from '@amora/shared/constants';

const require = createRequire(import.meta.url);
let lookup: ((ip: string) => { country?: string } | null) | undefined;

/** Locale (language-REGION or language) → the country it most likely stands for. */
const LANGUAGE_COUNTRY: Record<string, Country> = {
  en: 'GB',
  nl: 'NL',
  de: 'DE',
  it: 'IT',
  fr: 'FR',
  es: 'ES',
  pl: 'PL',
};

const isLocalAddress = (ip: string) =>
  ip === '::1' ||
  ip.startsWith('127.') ||
  ip.startsWith('::ffff:127.') ||
  ip.startsWith('10.') ||
  ip.startsWith('192.168.') ||
  /^172\.(1[6-9]|2\d|3[01])\./.test(ip) ||
  ip.startsWith('fc') ||
  ip.startsWith('fd');

function countryFromLanguage(acceptLanguage: string | undefined): string | null {
  const first = acceptLanguage?.split(',')[0]?.trim().split(';')[0];
  if (!first) return null;
  const [language, region] = first.split('-');
  if (region && (COUNTRIES as readonly string[]).includes(region.toUpperCase())) {
    return region.toUpperCase();
  }
  return LANGUAGE_COUNTRY[language?.toLowerCase() ?? ''] ?? null;
}

/**
 * The visitor's country from their address (offline database). On loopback and private
 * networks there is no address to look up, so the browser's language stands in.
 */
export function countryForRequest(ip: string, acceptLanguage: string | undefined): string | null {
  if (!isIP(ip) || isLocalAddress(ip)) return countryFromLanguage(acceptLanguage);
  lookup ??= require('geoip-country').lookup;
  return lookup?.(ip)?.country ?? null;
}
