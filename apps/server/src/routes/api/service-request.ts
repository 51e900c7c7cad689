import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  SERVICE_MESSAGE_MAX,
  serviceRequestResponseSchema,
  serviceRequestSchema,
} from '@amora/shared/schemas/service-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendServiceRequest } from '../../modules/service/service-request.service.js';

export const serviceRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/service-request.php',
    {
      schema: {
        summary: 'A question to customer service, or a complaint',
        description:
          'Stored, mailed to the support team, and confirmed by mail to the sender with its ' +
          '`reference` (`Q-…` for a question, `C-…` for a complaint). Logged in, the answer ' +
          'goes to the account’s address and `email` is ignored; logged out, `email` is ' +
          `required. \`message\` 20 to ${SERVICE_MESSAGE_MAX} characters. Limited per IP ` +
          'address (429).',
        body: serviceRequestSchema,
        response: { 200: serviceRequestResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) =>
      sendServiceRequest(app.db, request.body, {
        memberId: request.memberId,
        ip: request.ip,
        support: app.config.support,
        limit: {
          enabled: app.config.rateLimit.enabled,
          perHour: app.config.rateLimit.serviceRequestsPerHour,
        },
      }),
  );
};
