import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobSources, liveConnectionSources, requestDuration } from '../lib/metrics.js';
import { waitingJobsByKind } from '../modules/jobs/job.repository.js';

/**
 * Feeds the Prometheus series of one app (docs/decisions/060): each answer's time by route
 * pattern, and on a scrape its open live connections and waiting jobs. The series are served
 * on a listener of their own (lib/metrics-listener.ts), never on the public port.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => {
      // The pattern, not the path: a path can hold a member's id or a token.
      const route = request.routeOptions.url ?? 'unmatched';
      requestDuration.observe(
        { route, method: request.method, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    const removeLive = liveConnectionSources.add(() => app.liveHub.size);
    const removeJobs = jobSources.add(() => waitingJobsByKind(app.db));
    app.addHook('onClose', async () => {
      removeLive();
      removeJobs();
    });
  },
  { name: 'metrics' },
);
