/**
 * Paid-partner tiles in search results (spec sections 2, 6 and 9): who sees them, and where
 * they go. The server applies the eligibility to `GET /api/xcams/search.php`; the web app
 * applies the same rule and the slots when it lays out the results.
 */

/** A member sees partner tiles only after this long since signing up (4 days). */
export const RESELL_MIN_MEMBERSHIP_MS = 345_600_000;

/** `settings.member_resell` values that switch the tiles on. */
export const RESELL_KINDS = ['cams', 'camads'] as const;

export interface ResellEligibilityInput {
  loggedIn: boolean;
  paid: boolean;
  /** The member's signup date (`user.signup_date`); null or unreadable: not eligible. */
  signupDate: Date | string | number | null | undefined;
  now: Date | number;
  /** `settings.member_resell`. */
  memberResell: readonly string[];
}

/**
 * Webcam and ad tiles are for logged-in, non-paying members who signed up more than 4 days
 * ago (strictly more), while `settings.member_resell` includes `cams` or `camads`.
 */
export function isResellEligible({
  loggedIn,
  paid,
  signupDate,
  now,
  memberResell,
}: ResellEligibilityInput): boolean {
  if (!loggedIn || paid || signupDate === null || signupDate === undefined) return false;
  if (!memberResell.some((kind) => (RESELL_KINDS as readonly string[]).includes(kind))) {
    return false;
  }
  const signedUp = new Date(signupDate).getTime();
  const at = typeof now === 'number' ? now : now.getTime();
  if (Number.isNaN(signedUp) || Number.isNaN(at)) return false;
  return at - signedUp > RESELL_MIN_MEMBERSHIP_MS;
}

/** Where tiles go: at result index mod `every` = `cams` a webcam tile, = `ads` an ad tile. */
export const TILE_SLOTS = { cams: 1, ads: 5, every: 12 } as const;

export type TileKind = 'cams' | 'ads';

/**
 * The partner tile that goes with the search result at `index` (0-based, counted over the
 * whole result list, not per page), or null. Two tiles per 12 results.
 */
export function tileAt(index: number): TileKind | null {
  if (!Number.isInteger(index) || index < 0) return null;
  const slot = index % TILE_SLOTS.every;
  if (slot === TILE_SLOTS.cams) return 'cams';
  if (slot === TILE_SLOTS.ads) return 'ads';
  return null;
}
