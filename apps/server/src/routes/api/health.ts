import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness and database check',
        description:
          '200 while this instance reaches its database, 503 while it does not: a load ' +
          'balancer takes the instance out of rotation. Which database it uses is not said.',
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const };
      } catch (error) {
        // The cause goes to the operator's log; the answer, public, names nothing.
        request.log.error({ err: error }, 'health: the database does not answer');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
