import { apiErrorSchema } from '@amora/shared/schemas/common';
import { publicProfileSchema } from '@amora/shared/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findSignupMatches } from '../../modules/search/signup-matches.service.js';

const signupMatchesResponseSchema = z.object({ profiles: z.array(publicProfileSchema) });

export const signupMatchesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/signup-matches.php',
    {
      schema: {
        summary: 'Members who fit the caller, shown right after signup (/signup-matches)',
        description:
          'Up to a page (12): the caller’s country or its nearby pair, within 5 years of ' +
          'the caller’s age, the gender of their remembered search (both when none); never ' +
          'members blocked either way; most recently active first. 403 not_logged_in.',
        response: { 200: signupMatchesResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({ profiles: await findSignupMatches(app.db, app.requireMember(request)) }),
  );
};
