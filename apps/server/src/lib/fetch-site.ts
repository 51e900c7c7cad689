import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

/**
 * For the few GET calls that change something a member would notice (starting a chat,
 * logging out): a browser sends the member's cookie with a link, `window.open` or a meta
 * refresh from any site, so such a request from another site is refused (issue 39). The
 * browser's own `Sec-Fetch-Site` says where it came from; `same-origin` and `none` (typed
 * or bookmarked) pass, and so does a request without the header (older browsers, API
 * clients), which cannot have been sent by a modern browser from another site.
 */
export async function refuseOtherSites(request: FastifyRequest): Promise<void> {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') {
    throw forbidden('cross_origin', 'This call only works from this site’s own pages');
  }
}
