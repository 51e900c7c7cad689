import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  emailChangeConfirmResponseSchema,
  emailChangePutSchema,
  emailChangeRequestResponseSchema,
  emailChangeRequestSchema,
  emailChangeUndoResponseSchema,
} from '@amora/shared/schemas/email-change';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmEmailChange,
  requestEmailChange,
  undoEmailChange,
} from '../../modules/account/email-change.service.js';

export const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/email-change.php',
    {
      schema: {
        summary: "Change the logged-in member's e-mail address",
        description:
          'Takes { email, password } (the current password). An activated member gets a ' +
          'single-use link mailed to the new address (valid 24 hours; a new request voids ' +
          'older links) and nothing changes until it is followed: answers { ok, pending_email }. ' +
          'A member who has not activated yet (a mistyped address at signup) gets the address ' +
          'changed at once and a new activation mail there: answers { ok, email }. ' +
          '400 wrong_password (counted with failed logins of the account; 429 once too many), ' +
          'same_email or invalid_input; 403 not_logged_in; 409 email_taken (also by a deleted ' +
          'account); 429 rate_limited after 5 requests an hour per member, 20 per IP address ' +
          'or 3 per new address.',
        body: emailChangeRequestSchema,
        response: {
          200: emailChangeRequestResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) =>
      requestEmailChange(app.db, app.requireMember(request), request.body, {
        ip: request.ip,
        limits: app.config.rateLimit,
        limitPerAddress: app.config.rateLimit.enabled,
        sessionToken: request.sessionToken,
      }),
  );

  app.put(
    '/api/email-change.php',
    {
      schema: {
        summary: 'Confirm an e-mail change, or undo one (the two mailed links)',
        description:
          'No login needed: a link may be opened on another device. { token } (from the mail ' +
          'to the new address) makes the change: the address is set and counts as activated, ' +
          "the member's other sessions end (the caller's own stays when it is the member's), " +
          'and the old address gets a notice with an undo link valid 7 days; answers { email }. ' +
          '{ undo } (from that notice) puts the old address back and ends every session of the ' +
          'member; answers { ok: true }. 400 invalid_token for an unknown, used, expired or ' +
          "wrong-purpose token; 409 email_taken when the address has become another account's " +
          '(nothing changes and the link stays usable until it expires).',
        body: emailChangePutSchema,
        response: {
          200: z.union([emailChangeConfirmResponseSchema, emailChangeUndoResponseSchema]),
          400: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      reply.header('cache-control', 'no-store');
      if ('token' in body) {
        return confirmEmailChange(app.db, body.token, {
          memberId: request.memberId,
          sessionToken: request.sessionToken,
        });
      }
      const memberId = await undoEmailChange(app.db, body.undo);
      // The session in this browser has ended with all the others: drop its cookie too.
      if (request.memberId === memberId) app.clearSessionCookie(reply);
      return { ok: true as const };
    },
  );
};
