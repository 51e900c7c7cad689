import { loginBodySchema } from '@amora/shared/schemas/auth';
import { apiErrorSchema } from '@amora/shared/schemas/common';
import { userResponseSchema } from '@amora/shared/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkCredentials } from '../../modules/auth/login.service.js';
import { endSession } from '../../modules/auth/session.service.js';
import { loadUser } from '../../modules/members/user.service.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/login.php',
    {
      schema: {
        summary: 'Log in with e-mail and password; sets the session cookie',
        body: loginBodySchema,
        response: { 200: userResponseSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const memberId = await checkCredentials(app.db, email, password, app.config.rateLimit);
      await app.logIn(request, reply, memberId);
      return { user: await loadUser(app.db, memberId) };
    },
  );

  app.get(
    '/api/logout.php',
    {
      schema: {
        summary: 'Ends the session; answers the plain text "done"',
        response: { 200: z.literal('done') },
      },
    },
    async (request, reply) => {
      if (request.sessionToken) await endSession(app.db, request.sessionToken);
      app.clearSessionCookie(reply);
      return reply.type('text/plain; charset=utf-8').send('done');
    },
  );
};
