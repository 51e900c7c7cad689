import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { JobHandler } from '../../lib/job-contract.js';
import { checkObjectName, type MediaStores, type ObjectStore } from './object-store.js';

type Db = Kysely<Database> | Transaction<Database>;
type StoreName = keyof MediaStores;

/** Names per job: a purge of thousands of photos becomes jobs a try can finish. */
const NAMES_PER_JOB = 100;
/** Removals in flight at once within one job. */
const PARALLEL = 8;

/** A name no store can hold (so none to remove); retried, it would fail for ever. */
function storable(name: string): boolean {
  try {
    checkObjectName(name);
    return true;
  } catch {
    return false;
  }
}

/** What a `media_delete` outbox job carries: the objects still to remove from one store. */
const mediaDeleteSchema = z.object({
  store: z.enum(['uploads', 'exports', 'private']).default('uploads'),
  names: z.array(z.string().min(1).max(200)).max(NAMES_PER_JOB),
});

/**
 * Queues the removal of `names` from a store (`media_delete` jobs), in the caller's
 * transaction: the one that deletes or changes the rows naming them, so the objects go if
 * and only if the rows did. Not tied to a member: an erasure drops the member's own jobs.
 */
export async function queueMediaDelete(
  db: Db,
  names: readonly (string | null)[],
  store: StoreName = 'uploads',
): Promise<void> {
  const present = [...new Set(names.filter((name): name is string => Boolean(name)))];
  for (let i = 0; i < present.length; i += NAMES_PER_JOB) {
    await db
      .insertInto('outbox')
      .values({
        kind: 'media_delete',
        member_id: null,
        payload: JSON.stringify({ store, names: present.slice(i, i + NAMES_PER_JOB) }),
      })
      .execute();
  }
}

/**
 * Removes objects that no row names (an upload or a seed whose rows were not written, a
 * screening whose photo went meanwhile) at once; what the store refuses now is queued for
 * the `media_delete` job. Never throws: the caller is already failing or done.
 */
export async function discardObjects(
  db: Kysely<Database>,
  storage: ObjectStore,
  names: readonly string[],
  log?: FastifyBaseLogger,
  storeName: StoreName = 'uploads',
): Promise<void> {
  if (names.length === 0) return;
  const results = await Promise.allSettled(names.map((name) => storage.remove(name)));
  const left = names.filter((_, i) => results[i]?.status === 'rejected');
  if (left.length === 0) return;
  try {
    await queueMediaDelete(db, left, storeName);
  } catch (err) {
    // The store and the database both failed: only the operator's `media -- check` finds these.
    log?.warn({ err, files: left }, 'objects no row names remain in the media store');
  }
}

/**
 * Runs `media_delete` jobs: removes each named object from its store. Names the store
 * removed are dropped from the job as it goes, so a retry asks only for the rest; the job is
 * tried again, with the outbox's back-off, until the store has removed them all.
 */
export function mediaDeleteJobHandler(media: MediaStores): JobHandler {
  return {
    retriesForever: true,
    async run(job) {
      const parsed = mediaDeleteSchema.safeParse(job.payload);
      if (!parsed.success) return { status: 'failed', error: 'invalid payload', retry: false };
      const { store } = parsed.data;
      const names = parsed.data.names.filter(storable);
      const left: string[] = [];
      let error: unknown = null;
      for (let i = 0; i < names.length; i += PARALLEL) {
        const batch = names.slice(i, i + PARALLEL);
        const results = await Promise.allSettled(batch.map((name) => media[store].remove(name)));
        results.forEach((result, j) => {
          if (result.status === 'rejected') {
            left.push(batch[j]!);
            error ??= result.reason;
          }
        });
      }
      if (left.length === 0) return { status: 'done' };
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return {
        status: 'failed',
        error: `${left.length} of ${names.length} objects not removed: ${reason}`,
        retry: true,
        record: { payload: { store, names: left } },
      };
    },
  };
}
