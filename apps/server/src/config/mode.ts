import { isLoopbackHost } from '../lib/loopback.js';

export type Mode = 'demo' | 'production';

export interface ModeChoice {
  mode: Mode;
  /** Why, in words for the start-up banner. */
  reason: string;
}

/**
 * `MODE` when set; otherwise a server that only this machine can reach is a developer's demo,
 * and anything listening beyond loopback is production (the safe side for an operator who
 * forgot the variable).
 */
export function chooseMode(explicit: Mode | undefined, host: string): ModeChoice {
  if (explicit) return { mode: explicit, reason: `MODE=${explicit}` };
  return isLoopbackHost(host)
    ? { mode: 'demo', reason: `HOST=${host} is a loopback address and MODE is not set` }
    : {
        mode: 'production',
        reason: `HOST=${host} is reachable beyond this machine and MODE is not set`,
      };
}

/** What production refuses, each naming its variable; empty when the start may go on. */
export function productionProblems(env: {
  SEED_MEMBERS?: number;
  PAYMENT_PROVIDER?: string;
  SMTP_URL?: string;
  SECRET_KEY?: string;
}): string[] {
  const problems: string[] = [];
  if (env.SEED_MEMBERS !== undefined && env.SEED_MEMBERS > 0) {
    problems.push('SEED_MEMBERS: fictional members are for the demo only; leave it unset or 0');
  }
  if (env.PAYMENT_PROVIDER === 'demo') {
    problems.push(
      'PAYMENT_PROVIDER: the demo checkout gives credits away; choose a real provider or none',
    );
  }
  if (!env.SMTP_URL) problems.push('SMTP_URL: required in production (members must get mail)');
  if (!env.SECRET_KEY) {
    problems.push('SECRET_KEY: required in production, at least 32 characters');
  }
  return problems;
}

/** Warnings worth printing at start (the start goes on). */
export function modeWarnings(mode: Mode, publicUrl: string | undefined): string[] {
  if (mode === 'production') {
    if (!publicUrl) return ['PUBLIC_URL is not set: links in mails will point at localhost'];
    if (!publicUrl.startsWith('https://')) {
      return ['PUBLIC_URL is not https: session cookies are sent without the Secure flag'];
    }
    return [];
  }
  if (publicUrl && !isLoopbackHost(new URL(publicUrl).host)) {
    return [
      `PUBLIC_URL names ${new URL(publicUrl).host}, a public host, but this is the demo mode:` +
        ' fictional members, a demo login and a free checkout. Set MODE=production to go live.',
    ];
  }
  return [];
}
