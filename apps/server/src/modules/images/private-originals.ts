import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { discardObjects, queueMediaDelete } from '../media/media-delete.js';
import type { MediaStores } from '../media/object-store.js';

/** Photos moved per transaction. */
const BATCH = 50;

/**
 * Moves the originals of photos flagged before the private store existed (decision 059)
 * into it: each copied, its row switched and the public copy queued for removal in one
 * transaction per batch. Run at every start; a start with nothing to move asks one query.
 * Two instances starting at once copy the same bytes under the same name, and only one
 * switches each row. Answers how many photos moved.
 */
export async function moveFlaggedOriginals(
  db: Kysely<Database>,
  media: Pick<MediaStores, 'uploads' | 'private'>,
  log: FastifyBaseLogger,
): Promise<number> {
  let moved = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('images')
      .select(['id', 'filename', 'thumb_filename'])
      .where('screening', '=', 'flagged')
      .where('original_private', '=', false)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const copied: typeof rows = [];
    for (const row of rows) {
      try {
        for (const name of [row.filename, row.thumb_filename]) {
          await media.private.put(name, await media.uploads.get(name), 'image/webp');
        }
        copied.push(row);
      } catch (err) {
        // Its public copy stays served to the few who may see it; the next start tries again.
        log.warn(
          { err, imageId: row.id },
          'a flagged original could not move to the private store',
        );
      }
    }
    if (copied.length === 0) continue;
    const switched = await db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('images')
        .set({ original_private: true })
        .where(
          'id',
          'in',
          copied.map((row) => row.id),
        )
        .where('original_private', '=', false)
        .returning(['id', 'filename', 'thumb_filename'])
        .execute();
      await queueMediaDelete(
        trx,
        done.flatMap((row) => [row.filename, row.thumb_filename]),
      );
      return done;
    });
    // A photo removed meanwhile: its removal emptied the public place, not this copy.
    const left = copied.filter((row) => !switched.some((done) => done.id === row.id));
    await discardObjects(
      db,
      media.private,
      left.flatMap((row) => [row.filename, row.thumb_filename]),
      log,
      'private',
    );
    moved += switched.length;
  }
  if (moved > 0) log.info({ photos: moved }, 'flagged originals moved to the private store');
  return moved;
}
