import type { AppConfig } from '../../config/config.js';
import type { CamFeed } from './cam-feed.js';
import { DemoCamFeed } from './demo-cam-feed.js';
import { PartnerCamFeed } from './partner-cam-feed.js';

type FeedConfig = Pick<AppConfig, 'mode' | 'camFeedUrl'>;

/**
 * Whether this instance has webcam partner content: a partner's feed (`CAM_FEED_URL`), or the
 * demo's fictional performers. Production without a feed shows no webcam or ad tiles, so it
 * never passes fictional performers off as a partner's.
 */
export const hasCamFeed = (config: FeedConfig): boolean =>
  config.camFeedUrl !== undefined || config.mode === 'demo';

/** The feed `/api/xcams/*` answers from, or null: empty lists and no known accounts. */
export function camFeedFor(
  config: FeedConfig,
  options: { onSkipped?: (count: number) => void } = {},
): CamFeed | null {
  if (config.camFeedUrl !== undefined) {
    return new PartnerCamFeed({
      url: config.camFeedUrl,
      ...(options.onSkipped && { onSkipped: options.onSkipped }),
    });
  }
  return config.mode === 'demo' ? new DemoCamFeed() : null;
}
