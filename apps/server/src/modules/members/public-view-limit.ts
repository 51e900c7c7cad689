import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressKey } from '../../lib/client-address.js';
import { tooManyRequests } from '../../lib/errors.js';
import { countHourlyHit } from '../limits/hourly-counter.repository.js';

const PUBLIC_PROFILE_VIEW = 'public_profile_view';

/**
 * A preHandler for the profile calls anyone may make logged out (`profile.php`,
 * `similar.php`): per client address, `PUBLIC_PROFILE_VIEWS_PER_HOUR` of them together in
 * a clock hour, then 429 `rate_limited`, so the member base cannot be copied without an
 * account. Logged-in members are not counted; `RATE_LIMIT=off` lifts it.
 */
export function publicViewLimit(app: FastifyInstance) {
  const { enabled, publicProfileViewsPerHour } = app.config.rateLimit;
  return async (request: FastifyRequest) => {
    if (!enabled || request.memberId !== null) return;
    const hits = await countHourlyHit(app.db, PUBLIC_PROFILE_VIEW, addressKey(request.ip));
    if (hits > publicProfileViewsPerHour) {
      throw tooManyRequests('Too many profiles viewed, please log in or try again later');
    }
  };
}
