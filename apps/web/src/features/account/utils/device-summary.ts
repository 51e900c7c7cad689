import { parse } from 'bowser';

/** What the sessions list says about the browser a session was started from. */
export interface DeviceSummary {
  /** "Chrome 126", "Safari 17", or null when the user agent names no browser we know. */
  browser: string | null;
  /** The device's model when the user agent names it ("iPhone"), else the system ("Windows"). */
  system: string | null;
  /** Picks the icon. */
  kind: 'mobile' | 'tablet' | 'desktop' | 'unknown';
  /**
   * The user agent itself, shortened, when neither browser nor system could be read from it
   * (a script, an app of its own); null when there was none.
   */
  raw: string | null;
}

const RAW_MAX = 60;

/**
 * Reads a user agent into a short, familiar description. System versions are left out:
 * browsers freeze them (Windows 11 says 10, every recent Mac says 10.15.7).
 */
export function deviceSummary(userAgent: string | null): DeviceSummary {
  if (!userAgent) return { browser: null, system: null, kind: 'unknown', raw: null };
  const { browser, os, platform } = parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : null;
  const system = platform.model || os.name || null;
  const kind =
    platform.type === 'mobile' || platform.type === 'tablet' || platform.type === 'desktop'
      ? platform.type
      : 'unknown';
  const raw =
    name || system
      ? null
      : userAgent.length > RAW_MAX
        ? `${userAgent.slice(0, RAW_MAX - 1).trimEnd()}…`
        : userAgent;
  return { browser: name, system, kind, raw };
}
