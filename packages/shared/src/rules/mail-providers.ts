import { MAILPROVIDER_LARGE_WEBMAIL } from '../schemas/user.js';

/** The large web mail provider (spec section 3: `mailprovider` 2), whose inbox search the app links to. */
export const LARGE_WEBMAIL_DOMAINS = ['gmail.com', 'googlemail.com'] as const;

/**
 * Mail domains we know: mostly Dutch, Belgian and Polish providers plus large international
 * ones (spec section 5). The mail-domain suggestion measures typed domains against this list.
 */
export const KNOWN_MAIL_DOMAINS: readonly string[] = [
  // Netherlands
  'ziggo.nl',
  'kpnmail.nl',
  'kpnplanet.nl',
  'planet.nl',
  'hetnet.nl',
  'home.nl',
  'xs4all.nl',
  'casema.nl',
  'chello.nl',
  'upcmail.nl',
  'quicknet.nl',
  'zeelandnet.nl',
  'tele2.nl',
  'online.nl',
  'caiway.nl',
  'hotmail.nl',
  'live.nl',
  'outlook.nl',
  // Belgium
  'telenet.be',
  'skynet.be',
  'proximus.be',
  'scarlet.be',
  'hotmail.be',
  'live.be',
  'outlook.be',
  // Poland
  'wp.pl',
  'o2.pl',
  'onet.pl',
  'onet.eu',
  'poczta.onet.pl',
  'interia.pl',
  'interia.eu',
  'gazeta.pl',
  'op.pl',
  'vp.pl',
  'tlen.pl',
  'poczta.fm',
  'go2.pl',
  // Large international providers
  ...LARGE_WEBMAIL_DOMAINS,
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.de',
  'hotmail.fr',
  'hotmail.it',
  'hotmail.es',
  'outlook.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.de',
  'yahoo.fr',
  'yahoo.it',
  'yahoo.es',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'protonmail.com',
  'proton.me',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  'web.de',
  't-online.de',
  'orange.fr',
  'free.fr',
  'sfr.fr',
  'laposte.net',
  'libero.it',
  'virgilio.it',
  'tiscali.it',
  'bluewin.ch',
  'btinternet.com',
  'comcast.net',
];

/** Mail provider code of a known provider other than the large web mail provider. */
export const MAILPROVIDER_KNOWN = 1;
/** Mail provider code of any other domain. */
export const MAILPROVIDER_OTHER = 0;

const large = new Set<string>(LARGE_WEBMAIL_DOMAINS);
const known = new Set<string>(KNOWN_MAIL_DOMAINS);

/** The member's `mailprovider`: 2 for the large web mail provider, 1 for another known one, else 0. */
export function mailProviderCode(email: string): number {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  if (large.has(domain)) return MAILPROVIDER_LARGE_WEBMAIL;
  if (known.has(domain)) return MAILPROVIDER_KNOWN;
  return MAILPROVIDER_OTHER;
}
