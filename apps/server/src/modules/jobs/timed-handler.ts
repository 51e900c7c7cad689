import type { Histogram } from 'prom-client';
import type { JobHandler } from '../../lib/job-contract.js';

/** The handler as it was, with each run's time observed into `histogram` (whatever its outcome). */
export function timed(handler: JobHandler, histogram: Histogram): JobHandler {
  return {
    ...handler,
    async run(job) {
      const end = histogram.startTimer();
      try {
        return await handler.run(job);
      } finally {
        end();
      }
    },
  };
}
