import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobHandler } from '../../lib/job-contract.js';
import { deliverPushJob } from './push-delivery.js';

/** Sends `push` jobs; a push is about now, so it is retried within a minute or not at all. */
export function pushJobHandler(deps: {
  db: Kysely<Database>;
  /** VAPID subject of Web Push requests (an https: URL or a mailto: address). */
  subject: string;
  /** Push service hosts that may be posted to (PUSH_SERVICE_HOSTS). */
  allowedHosts: readonly string[];
  log: FastifyBaseLogger;
}): JobHandler {
  return {
    maxRetryDelayMs: 60_000,
    async run(job) {
      const outcome = await deliverPushJob(
        deps.db,
        { memberId: job.memberId, payload: job.payload },
        { subject: deps.subject, allowedHosts: deps.allowedHosts, log: deps.log },
      );
      if (outcome.status === 'sent') return { status: 'done' };
      return { status: 'failed', error: outcome.error, retry: outcome.status === 'retry' };
    },
  };
}
