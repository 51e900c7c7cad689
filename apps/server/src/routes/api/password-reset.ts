import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  okResponseSchema,
  passwordChangeBodySchema,
  passwordResetBodySchema,
  passwordResetCheckQuerySchema,
  passwordResetCheckResponseSchema,
  passwordResetRequestSchema,
} from '@amora/shared/schemas/password';
import { userResponseSchema } from '@amora/shared/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePassword } from '../../modules/account/password-change.service.js';
import {
  isResetTokenUsable,
  requestPasswordReset,
  resetPassword,
} from '../../modules/account/password-reset.service.js';
import { loadUser } from '../../modules/members/user.service.js';

/** Password reset by mailed link, and the logged-in member's password change. */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/password-reset.php',
    {
      schema: {
        summary: 'Mails a single-use link to choose a new password',
        description:
          'Answers `{ ok: true }` for every well-formed address, with an account or without, ' +
          'so the call reveals nobody. Only an active member gets a mail; its link works for ' +
          'two hours, once, and voids older links. Limited per address and per IP (429).',
        body: passwordResetRequestSchema,
        response: { 200: okResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(app.db, request.body.email, {
        ip: request.ip,
        perIpLimit: app.config.rateLimit.enabled,
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/password-reset.php',
    {
      schema: {
        summary: 'Whether a reset link can still be used',
        description: 'A missing, malformed, unknown, used or expired token is `{ valid: false }`.',
        querystring: passwordResetCheckQuerySchema,
        response: { 200: passwordResetCheckResponseSchema },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      reply.header('cache-control', 'no-store');
      return { valid: token ? await isResetTokenUsable(app.db, token) : false };
    },
  );

  app.put(
    '/api/password-reset.php',
    {
      schema: {
        summary: 'Sets a new password with the token from the reset mail, and logs in',
        description:
          'Uses the token up, stores the new password, activates an account that was not ' +
          'activated yet, ends every session of the member and starts a new one for this ' +
          'browser. An unknown, used or expired token answers 400 `invalid_token`.',
        body: passwordResetBodySchema,
        response: { 200: userResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const memberId = await resetPassword(app.db, token, password);
      await app.logIn(request, reply, memberId);
      return { user: await loadUser(app.db, memberId, app.config.adminEmails) };
    },
  );

  app.put(
    '/api/password.php',
    {
      schema: {
        summary: "Changes the logged-in member's password",
        description:
          'A wrong current password answers 400 `wrong_password` and counts as a failed ' +
          'login (429 once the limit is reached). Every other session of the member ends; ' +
          'this one stays.',
        body: passwordChangeBodySchema,
        response: {
          200: okResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const memberId = app.requireMember(request);
      await changePassword(app.db, memberId, request.body, {
        keepSessionToken: request.sessionToken,
        ip: request.ip,
        limits: app.config.rateLimit,
      });
      return { ok: true as const };
    },
  );
};
