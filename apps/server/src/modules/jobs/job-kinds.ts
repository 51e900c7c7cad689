import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import { photoScreeningDuration } from '../../lib/metrics.js';
import { processPhotoClassifier } from '../images/nsfw-classifier.js';
import { photoScreeningJobHandler } from '../images/photo-screening.js';
import { mailJobHandler } from '../mail/mail-job.js';
import { createMailTransport, type MailTransport } from '../mail/mail-transport.js';
import { mediaDeleteJobHandler } from '../media/media-delete.js';
import type { MediaStores } from '../media/object-store.js';
import { queueDigests } from '../notifications/digest.service.js';
import { dataExportJobHandler } from '../privacy/data-export.service.js';
import { vapidSubject } from '../push/push-delivery.js';
import { pushJobHandler } from '../push/push-job.js';
import { type JobWorker, type JobWorkerOptions, startJobWorker } from './job-worker.js';
import { timed } from './timed-handler.js';

/** What a test (or a second worker) may set differently from the instance's configuration. */
export interface AppJobWorkerOptions
  extends Pick<JobWorkerOptions, 'pollIntervalMs' | 'lockSeconds' | 'retryDelayMs'> {
  transport?: MailTransport;
  /** How often this worker looks for members due a digest mail; default a minute, 0: never. */
  digestEveryMs?: number;
}

/**
 * The job worker of one app instance (server.ts and tests): every kind of job the product
 * queues, each run by its own module's handler. `photo_screen` jobs are taken only with
 * PHOTO_SCREENING on; otherwise they wait.
 */
export function startAppJobWorker(
  app: {
    db: Kysely<Database>;
    config: AppConfig;
    log: FastifyBaseLogger;
    media: MediaStores;
  },
  options: AppJobWorkerOptions = {},
): JobWorker {
  const { db, config, log, media } = app;
  const transport = options.transport ?? createMailTransport(config);
  const screening = config.photoScreening.enabled && {
    photo_screen: timed(
      photoScreeningJobHandler({
        db,
        media,
        classifier: processPhotoClassifier(),
        threshold: config.photoScreening.threshold,
        log,
      }),
      photoScreeningDuration,
    ),
  };
  return startJobWorker(
    db,
    {
      handlers: {
        mail: mailJobHandler({ db, transport, publicUrl: config.publicUrl, log }),
        push: pushJobHandler({
          db,
          subject: vapidSubject(config.publicUrl, config.mailFrom),
          allowedHosts: config.pushServiceHosts,
          log,
        }),
        data_export: dataExportJobHandler({ db, media, exports: media.exports }),
        media_delete: mediaDeleteJobHandler(media),
        ...screening,
      },
      periodic: [
        {
          name: 'digest mails',
          everyMs: options.digestEveryMs ?? 60_000,
          run: () => queueDigests(db),
        },
      ],
      pollIntervalMs: options.pollIntervalMs,
      lockSeconds: options.lockSeconds,
      retryDelayMs: options.retryDelayMs,
      onStop: () => transport.close(),
    },
    log,
  );
}
