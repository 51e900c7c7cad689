import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  resellPartnerQuerySchema,
  resellPartnerResponseSchema,
} from '@amora/shared/schemas/partner-tiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const resellRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/resellpartner.php',
    {
      schema: {
        summary: 'The ad (resell) tile’s partner',
        description:
          '?flow=profile-search&redirect=1 answers 302 to RESELL_PARTNER_URL; without ' +
          'redirect=1 it answers { url } with that same address. The target comes only from ' +
          'configuration, never from the request.',
        querystring: resellPartnerQuerySchema,
        response: {
          200: resellPartnerResponseSchema,
          302: z.null().describe('302 to the configured partner URL'),
          400: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const url = app.config.resellPartnerUrl;
      if (!request.query.redirect) return { url };
      reply.header('cache-control', 'no-store');
      return reply.redirect(url, 302);
    },
  );
};
