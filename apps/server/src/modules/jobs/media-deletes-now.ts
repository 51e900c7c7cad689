import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { mediaDeleteJobHandler } from '../media/media-delete.js';
import type { MediaStores } from '../media/object-store.js';
import { startJobWorker } from './job-worker.js';

/**
 * For a command run beside (or without) the server (`purge-demo`, `erase-account`): works
 * the due `media_delete` jobs once, so the objects are gone when it returns. What the store
 * refuses now stays queued for the server's own worker. Answers how many jobs still wait.
 */
export async function workMediaDeletesNow(
  db: Kysely<Database>,
  media: MediaStores,
  log: FastifyBaseLogger,
): Promise<number> {
  const worker = startJobWorker(
    db,
    { handlers: { media_delete: mediaDeleteJobHandler(media) }, pollIntervalMs: 3_600_000 },
    log,
  );
  try {
    // A failed job is due again only after its back-off, so this ends.
    while ((await worker.runOnce()) > 0);
  } finally {
    await worker.stop();
  }
  const { n } = await db
    .selectFrom('outbox')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('kind', '=', 'media_delete')
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  return n;
}
