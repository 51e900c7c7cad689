import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  validateEmailQuerySchema,
  validateEmailResponseSchema,
} from '@amora/shared/schemas/signup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkEmail } from '../../modules/signup/email-status.js';

export const validateEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/validate_email.php',
    {
      schema: {
        summary: 'Whether an e-mail address can sign up, with the token signup requires',
        description:
          'status: new (free), active (an account exists), not_confirmed (an account awaits ' +
          'activation), deleted, or invalid (not an address; 200 all the same, token empty). ' +
          '`email` is the address normalised (trimmed, lower case), `request_email` as sent. ' +
          '`token` (`<issued at, Unix seconds>.<HMAC-SHA-256 hex>`) is valid for 2 hours for ' +
          'this address only. Limited per IP address (429).',
        querystring: validateEmailQuerySchema,
        response: { 200: validateEmailResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = await checkEmail(app.db, request.query.email, request.ip, {
        enabled: app.config.rateLimit.enabled,
        perTenMinutes: app.config.rateLimit.emailChecksPer10Minutes,
      });
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );
};
