import type { Gender } from '@amora/shared/constants';
import type { CamProfile } from '@amora/shared/schemas/partner-tiles';

export type { CamProfile };

/** The filters of `GET /api/xcams/search.php`; absent means any. */
export interface CamSearch {
  gender?: Gender | undefined;
  min_age?: number | undefined;
  max_age?: number | undefined;
}

export interface CamThumbnail {
  body: Buffer;
  contentType: string;
}

/**
 * A webcam partner's performers. The built-in `DemoCamFeed` is offline and fictional; a real
 * partner's feed implements the same three calls (and fetches its thumbnails itself, since
 * the app shows images from our own origin only).
 */
export interface CamFeed {
  /** Performers matching the filters, in the order the tiles should use them. */
  search(filters: CamSearch): Promise<CamProfile[]>;
  /** The performer with this account, or null: redirects go only to accounts the feed knows. */
  find(account: string): Promise<CamProfile | null>;
  /** The thumbnail behind `thumb_url`, or null for an unknown account. */
  thumbnail(account: string): Promise<CamThumbnail | null>;
}

/** Where a performer's thumbnail is served: a path on our own origin. */
export const camThumbUrl = (account: string) =>
  `/api/xcams/thumb.php?account=${encodeURIComponent(account)}`;
