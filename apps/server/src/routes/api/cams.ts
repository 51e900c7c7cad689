import { isPaidMember } from '@amora/shared/rules/premium';
import { isResellEligible } from '@amora/shared/rules/resell';
import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  type CamProfile,
  camAccountQuerySchema,
  camsSearchQuerySchema,
  camsSearchResponseSchema,
} from '@amora/shared/schemas/partner-tiles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.js';
import type { CamFeed } from '../../modules/cams/cam-feed.js';
import { camFeedFor } from '../../modules/cams/choose-cam-feed.js';
import { findMemberById } from '../../modules/members/member.repository.js';
import { readStoredSettings } from '../../modules/site/site.repository.js';

export interface CamsRoutesOptions {
  /** The partner feed; by default the configured one (modules/cams/choose-cam-feed.ts). */
  feed?: CamFeed | null;
}

const redirectSchema = z.null().describe('302 to the configured partner URL');
const camNotFound = () => notFound('cam_not_found', 'This webcam profile is not available');
const feedUnavailable = () =>
  new AppError(503, 'cam_feed_unavailable', 'The webcam partner cannot be reached just now');

/** The configured target with the account in it; the request never chooses the host. */
export const camRedirectTarget = (template: string, account: string) =>
  template.replaceAll('{account}', encodeURIComponent(account));

export const camsRoutes: FastifyPluginAsyncZod<CamsRoutesOptions> = async (app, options) => {
  const feed =
    options.feed !== undefined
      ? options.feed
      : camFeedFor(app.config, {
          onSkipped: (count) =>
            app.log.warn({ skipped: count }, 'webcam feed entries that do not fit the format'),
        });

  /** The feed's answer; a partner outage is logged (without the feed's URL) and answered 503. */
  async function ask<T>(request: FastifyRequest, call: (feed: CamFeed) => Promise<T>) {
    if (!feed) return null;
    try {
      return await call(feed);
    } catch (err) {
      request.log.warn({ err }, 'webcam feed failed');
      throw feedUnavailable();
    }
  }

  /** Spec section 6: logged in, not paid, signed up over 4 days ago, resell switched on. */
  async function eligible(memberId: number | null, now: Date): Promise<boolean> {
    if (memberId === null) return false;
    const [member, settings] = await Promise.all([
      findMemberById(app.db, memberId),
      readStoredSettings(app.db),
    ]);
    if (!member) return false;
    return isResellEligible({
      loggedIn: true,
      paid: isPaidMember(member.paid_until, now),
      signupDate: member.signup_date,
      now,
      memberResell: settings.member_resell,
    });
  }

  app.get(
    '/api/xcams/search.php',
    {
      schema: {
        summary: 'Webcam profiles for the tiles in search results',
        description:
          'A map keyed by account. Empty (`{ cams: {} }`) unless the caller may see partner ' +
          'tiles: logged in, not paid, signed up more than 4 days ago, and ' +
          'settings.member_resell includes cams or camads; and empty on a production server ' +
          'without a partner feed (CAM_FEED_URL), or while the partner cannot be reached. ' +
          'Empty parameters mean "any".',
        querystring: camsSearchQuerySchema,
        response: { 200: camsSearchResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const cams: Record<string, CamProfile> = {};
      if (!feed || !(await eligible(request.memberId, new Date()))) return { cams };
      const { gender, min_age, max_age } = request.query;
      let found: CamProfile[];
      try {
        found = await feed.search({ gender, min_age, max_age });
      } catch (err) {
        // A partner outage only hides the tiles; the search page itself carries on.
        request.log.warn({ err }, 'webcam feed failed');
        return { cams };
      }
      for (const cam of found) cams[cam.account] = cam;
      return { cams };
    },
  );

  app.get(
    '/api/xcams/redirect.php',
    {
      schema: {
        summary: 'Opens a webcam profile at the partner',
        description:
          '302 to CAMS_PARTNER_URL with {account} replaced by the URL-encoded account, for ' +
          'accounts the feed knows; 404 cam_not_found otherwise (every account on a production ' +
          'server without CAM_FEED_URL); 503 cam_feed_unavailable when the partner cannot be ' +
          'reached. The target never comes from the request.',
        querystring: camAccountQuerySchema,
        response: {
          302: redirectSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const cam = await ask(request, (f) => f.find(request.query.account));
      if (!cam) throw camNotFound();
      reply.header('cache-control', 'no-store');
      return reply.redirect(camRedirectTarget(app.config.camsPartnerUrl, cam.account), 302);
    },
  );

  app.get(
    '/api/xcams/thumb.php',
    {
      schema: {
        summary: "A webcam profile's thumbnail (image), served from our own origin",
        description:
          "A partner's image is fetched by the server and re-encoded, so the visitor's browser " +
          'loads nothing from the partner. 404 cam_not_found for an account the feed does not ' +
          'list; 503 cam_feed_unavailable when the partner cannot be reached.',
        querystring: camAccountQuerySchema,
        // The body is the image's bytes (a Buffer bypasses the JSON serializer).
        response: {
          200: z.any().describe('The image (image/webp)'),
          400: apiErrorSchema,
          404: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const thumb = await ask(request, (f) => f.thumbnail(request.query.account));
      if (!thumb) throw camNotFound();
      return reply
        .header('content-type', thumb.contentType)
        .header('cache-control', 'public, max-age=86400')
        .send(thumb.body);
    },
  );
};
