import { apiErrorSchema } from '@amora/shared/schemas/common';
import { zeroCreditsResponseSchema } from '@amora/shared/schemas/credits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zeroCredits } from '../../modules/credits/zero-credits.service.js';

/** The developer panel's call; registered in the demo mode only (decision 040). */
export const devCreditsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/dev/credits.php',
    {
      schema: {
        summary: "Demo only: set the logged-in member's credits to zero",
        description:
          'For the developer panel: writes one ledger row (reason `adjustment`, minus the ' +
          'balance; none when it is already zero) and answers `{ credits: 0 }`. A ' +
          'production instance has no such call (404). 403 not_logged_in.',
        response: { 200: zeroCreditsResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request) => zeroCredits(app.db, app.requireMember(request)),
  );
};
