import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  creditsQuerySchema,
  creditsResponseSchema,
  LEDGER_PAGE_SIZE,
} from '@amora/shared/schemas/credits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditsOverview } from '../../modules/credits/credits.service.js';

export const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/credits.php',
    {
      schema: {
        summary: "The logged-in member's credits and their history",
        description:
          `The balance, what one message costs the caller, and up to ${LEDGER_PAGE_SIZE} ` +
          'ledger rows, newest first (`before`: the rows older than that id). The balance ' +
          'always equals the sum of all ledger rows.',
        querystring: creditsQuerySchema,
        response: { 200: creditsResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) =>
      creditsOverview(
        app.db,
        app.config.messageCredits,
        app.requireMember(request),
        request.query.before,
      ),
  );
};
