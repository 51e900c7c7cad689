import { NEARBY_COUNTRIES } from '@amora/shared/rules/similar-profiles';
import { apiErrorSchema } from '@amora/shared/schemas/common';
import { profileQuerySchema, publicProfileSchema } from '@amora/shared/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicViewLimit } from '../../modules/members/public-view-limit.js';
import { findSimilarProfiles } from '../../modules/search/similar.service.js';

const similarResponseSchema = z.object({ profiles: z.array(publicProfileSchema) });

export const similarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/similar.php',
    {
      schema: {
        summary: 'Up to 8 members similar to the one whose profile is viewed (login optional)',
        description:
          'Same gender as the viewed member, age within 5 years of theirs, same country or ' +
          `its nearby pair (${NEARBY_COUNTRIES.map((pair) => pair.join('-')).join(', ')}), ` +
          'any region; never the viewed member or the viewer, nor a member blocked either ' +
          'way by the viewer (viewing one answers 404); most recently active first. ' +
          'Limited together with GET /api/profile.php (429): per confirmed member, else per ' +
          'address (visitors and members who have not confirmed their address).',
        querystring: profileQuerySchema,
        response: {
          200: similarResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      preHandler: publicViewLimit(app),
    },
    async (request) => ({
      profiles: await findSimilarProfiles(app.db, {
        memberId: request.query.id,
        viewerId: request.memberId,
      }),
    }),
  );
};
