import { apiErrorSchema } from '@amora/shared/schemas/common';
import { profileQuerySchema, profileResponseSchema } from '@amora/shared/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { markLikeSeen } from '../../modules/likes/like.repository.js';
import { findProfiles } from '../../modules/members/profile.repository.js';
import { toPublicProfile } from '../../modules/members/profile-view.js';
import { publicViewLimit } from '../../modules/members/public-view-limit.js';
import { onLikerViewed } from '../../modules/notifications/member-events.js';
import { readStoredSettings } from '../../modules/site/site.repository.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/profile.php',
    {
      schema: {
        summary: "A member's public profile (login optional)",
        description:
          'When the logged-in viewer opens the profile of a member who liked them, that ' +
          'like stops being new (like_new false in GET /api/likes.php). Limited together with ' +
          'GET /api/similar.php (429): per confirmed member, else per address (visitors and ' +
          'members who have not confirmed their address); the own profile is not counted. ' +
          '404 member_not_found for ' +
          'an unknown member, one who left, and one the logged-in viewer blocked or was ' +
          'blocked by (own profile always answers).',
        querystring: profileQuerySchema,
        response: {
          200: profileResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      preHandler: publicViewLimit(app),
    },
    async (request) => {
      const { id } = request.query;
      const own = request.memberId === id;
      const [records, settings] = await Promise.all([
        findProfiles(app.db, [id], { visibleOnly: !own, viewerId: request.memberId }),
        readStoredSettings(app.db),
      ]);
      const record = records.get(id);
      if (!record) throw notFound('member_not_found', 'This member does not exist or has left');
      // Opening the profile of a member who liked the viewer: that like is no longer new.
      if (request.memberId !== null && !own) {
        // The like's notification is settled with it; most views have neither to settle.
        if (await markLikeSeen(app.db, id, request.memberId)) {
          await onLikerViewed(app.db, request.memberId, id);
        }
      }
      return { profile: toPublicProfile(record, settings) };
    },
  );
};
