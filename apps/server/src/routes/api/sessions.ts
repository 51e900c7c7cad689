import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  endSessionsBodySchema,
  endSessionsQuerySchema,
  endSessionsResponseSchema,
  sessionListResponseSchema,
} from '@amora/shared/schemas/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import {
  endMemberSessions,
  endSessionById,
  listSessions,
} from '../../modules/auth/session.service.js';

const WHICH = 'Say which session to end ({ id }), or { others: true }';

export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/sessions.php',
    {
      schema: {
        summary: 'Where the member is logged in',
        description:
          "The logged-in member's live sessions, the calling one first (`current`), then the " +
          'most recently used. `id` is a public id (it cannot be used as a session); ' +
          '`last_used_at` is accurate to the minute; `user_agent` is the browser the session ' +
          'was started from, as it named itself. A session ends SESSION_DAYS after its last ' +
          'use and SESSION_MAX_DAYS after the login at the latest. 403 not_logged_in.',
        response: { 200: sessionListResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const memberId = app.requireMember(request);
      reply.header('cache-control', 'no-store');
      return {
        sessions: await listSessions(
          app.db,
          memberId,
          request.sessionToken,
          app.config.sessionLifetime,
        ),
      };
    },
  );

  app.delete(
    '/api/sessions.php',
    {
      schema: {
        summary: 'Log out a session, or every session but this one',
        description:
          '`{ id }` (or `?id=`) ends that session of the member; ending the calling one also ' +
          'clears its cookie. `{ others: true }` ends every session but the calling one. ' +
          'Their live channels close at once. Answers `{ ok, ended }` (how many ended). ' +
          '400 invalid_input without either, or when the body and the query name different ' +
          'sessions; 403 not_logged_in; 404 session_not_found for an id that is not a live ' +
          'session of the member.',
        querystring: endSessionsQuerySchema,
        body: endSessionsBodySchema,
        response: {
          200: endSessionsResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const memberId = app.requireMember(request);
      const body = request.body;
      const fromQuery = request.query.id;
      if (body && 'others' in body) {
        if (fromQuery !== undefined) throw badRequest('invalid_input', WHICH, { id: WHICH });
        const ended = await endMemberSessions(app.db, memberId, request.sessionToken);
        return { ok: true as const, ended };
      }
      const fromBody = body && 'id' in body ? body.id : undefined;
      if (fromBody !== undefined && fromQuery !== undefined && fromBody !== fromQuery) {
        throw badRequest('invalid_input', 'The body and the query name different sessions', {
          id: 'The body and the query name different sessions',
        });
      }
      const id = fromBody ?? fromQuery;
      if (id === undefined) throw badRequest('invalid_input', WHICH, { id: WHICH });
      const { current } = await endSessionById(
        app.db,
        memberId,
        id,
        request.sessionToken,
        app.config.sessionLifetime,
      );
      if (current) app.clearSessionCookie(reply);
      return { ok: true as const, ended: 1 };
    },
  );
};
