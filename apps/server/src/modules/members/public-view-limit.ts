import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressKey } from '../../lib/client-address.js';
import { tooManyRequests } from '../../lib/errors.js';
import { countHourlyHit } from '../limits/hourly-counter.repository.js';
import { mayReachOut } from './reach-out.js';

const PUBLIC_PROFILE_VIEW = 'public_profile_view';
const MEMBER_PROFILE_VIEW = 'member_profile_view';

/**
 * A preHandler for the profile calls (`profile.php`, `similar.php`), so the member base
 * cannot be copied, with an account or without: both together count in a sliding hour,
 * then 429 `rate_limited`. A confirmed member counts per member id
 * (`MEMBER_PROFILE_VIEWS_PER_HOUR`); a visitor, and a member who has not confirmed their
 * address (an account costs nothing but a made-up address), per client address
 * (`PUBLIC_PROFILE_VIEWS_PER_HOUR`). A member's own profile is not counted.
 * `RATE_LIMIT=off` lifts it.
 */
export function publicViewLimit(app: FastifyInstance) {
  const { enabled, publicProfileViewsPerHour, memberProfileViewsPerHour } = app.config.rateLimit;
  return async (request: FastifyRequest) => {
    if (!enabled) return;
    const memberId = request.memberId;
    // Validated before a preHandler runs: the profile's id, a number.
    if (memberId !== null && (request.query as { id?: unknown }).id === memberId) return;
    if (memberId !== null && (await mayReachOut(app.db, memberId))) {
      const hits = await countHourlyHit(app.db, MEMBER_PROFILE_VIEW, String(memberId));
      if (hits > memberProfileViewsPerHour) {
        throw tooManyRequests('Too many profiles viewed, please try again later');
      }
      return;
    }
    const hits = await countHourlyHit(app.db, PUBLIC_PROFILE_VIEW, addressKey(request.ip));
    if (hits > publicProfileViewsPerHour) {
      throw tooManyRequests('Too many profiles viewed, please log in or try again later');
    }
  };
}
