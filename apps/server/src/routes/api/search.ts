import { apiErrorSchema } from '@amora/shared/schemas/common';
import { searchQuerySchema, searchResponseSchema } from '@amora/shared/schemas/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchMembers } from '../../modules/search/search.service.js';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search.php',
    {
      config: { memberContext: true },
      schema: {
        summary:
          'Member search: 12 a page, most recently active first (login optional, as settings allow)',
        description:
          'A logged-in searcher never finds themselves, nor a member they blocked or who ' +
          'blocked them (POST /api/block.php); the count leaves them out too.',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) =>
      searchMembers(app.db, {
        query: request.query,
        memberId: request.memberId,
        context: request.memberContext,
        cache: app.searchCache,
        // When it arrived: of two searches in flight, the one asked last is remembered.
        askedAt: new Date(Date.now() - reply.elapsedTime),
      }),
  );
};
