import { loginBodySchema } from '@amora/shared/schemas/auth';
import { apiErrorSchema } from '@amora/shared/schemas/common';
import { userResponseSchema } from '@amora/shared/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseOtherSites } from '../../lib/fetch-site.js';
import { checkCredentials } from '../../modules/auth/login.service.js';
import { endSession } from '../../modules/auth/session.service.js';
import { loadUser } from '../../modules/members/user.service.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/login.php',
    {
      schema: {
        summary: 'Log in with e-mail and password; sets the session cookie',
        description:
          'Wrong passwords are counted per account and client address and per address ' +
          '(LOGIN_FAILURES_MAX, LOGIN_FAILURES_PER_ADDRESS): past either, 429 even with the ' +
          'right password, from that address only. An account with over 100 failures in an ' +
          'hour makes every attempt wait 2 s (docs/decisions/027). A banned account answers ' +
          '403 banned with `reason` (what staff wrote), after the password check only.',
        body: loginBodySchema,
        response: {
          200: userResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const memberId = await checkCredentials(app.db, email, password, {
        ip: request.ip,
        limits: app.config.rateLimit,
      });
      await app.logIn(request, reply, memberId);
      return { user: await loadUser(app.db, memberId, app.config.adminEmails) };
    },
  );

  app.get(
    '/api/logout.php',
    {
      schema: {
        summary: 'Ends the session; answers the plain text "done"',
        description:
          '403 cross_origin when the browser says the request came from another site ' +
          '(`Sec-Fetch-Site`), so a link elsewhere cannot log a member out.',
        response: { 200: z.literal('done'), 403: apiErrorSchema },
      },
      onRequest: refuseOtherSites,
    },
    async (request, reply) => {
      if (request.sessionToken) await endSession(app.db, request.sessionToken);
      app.clearSessionCookie(reply);
      return reply.type('text/plain; charset=utf-8').send('done');
    },
  );
};
