import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { discardObjects } from '../media/media-delete.js';
import type { ObjectStore } from '../media/object-store.js';

/** Reports moved per query (each holds one photo's bytes in memory). */
const BATCH = 20;

/**
 * Moves report evidence that earlier versions kept as bytes in `reports.evidence_image` into
 * private objects (decision 059), one report at a time: the object written, then the row
 * switched to name it and its bytes emptied. Run at every start; answers how many moved.
 */
export async function moveReportEvidence(
  db: Kysely<Database>,
  privateStore: ObjectStore,
  log: FastifyBaseLogger,
): Promise<number> {
  let moved = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('reports')
      .select(['id', 'evidence_image'])
      .where('evidence_image', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      if (!row.evidence_image) continue;
      const name = `evidence-${randomUUID()}.webp`;
      try {
        await privateStore.put(name, row.evidence_image, 'image/webp');
      } catch (err) {
        log.warn({ err, reportId: row.id }, 'report evidence could not move to the private store');
        continue;
      }
      const switched = await db
        .updateTable('reports')
        .set({ evidence_object: name, evidence_image: null })
        .where('id', '=', row.id)
        .where('evidence_image', 'is not', null)
        .executeTakeFirst();
      // Another instance moved it first, or the report went meanwhile.
      if (switched.numUpdatedRows === 0n) {
        await discardObjects(db, privateStore, [name], log, 'private');
      } else moved += 1;
    }
  }
  if (moved > 0) log.info({ reports: moved }, 'report evidence moved to the private store');
  return moved;
}
