import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A stored object as a row names it. */
export interface ObjectReference {
  name: string;
  /** The row and column that name it, as an operator looks it up: `images 12 thumb_filename`. */
  row: string;
  /**
   * Whether the object must be there: not for an export downloaded, failed or past its day,
   * whose file goes before its row forgets the name (pruneExports), nor for one a
   * `media_delete` job is removing.
   */
  required: boolean;
}

/**
 * Objects of `store` that `media_delete` jobs still have to remove: named by no row any more,
 * yet no strays, since their job removes them (however often the store refuses meanwhile).
 */
async function* queuedRemovals(
  db: Kysely<Database>,
  store: 'uploads' | 'exports' | 'private',
): AsyncIterable<ObjectReference> {
  const jobs = await db
    .selectFrom('outbox')
    .select(['id', 'payload'])
    .where('kind', '=', 'media_delete')
    .where('status', 'in', ['pending', 'sending'])
    .execute();
  for (const job of jobs) {
    const payload = job.payload as { store?: unknown; names?: unknown };
    if ((payload.store ?? 'uploads') !== store || !Array.isArray(payload.names)) continue;
    for (const name of payload.names) {
      if (typeof name === 'string') {
        yield { name, row: `outbox ${job.id} media_delete`, required: false };
      }
    }
  }
}

/** Rows read per query: a whole table of photos is never held by the driver at once. */
const PAGE = 5_000;

/** The columns of `images` naming a photo's original and thumbnail, and its blurred copies. */
const ORIGINAL_COLUMNS = ['filename', 'thumb_filename'] as const;
const COPY_COLUMNS = ['blurred_filename', 'blurred_thumb_filename'] as const;

/** Every photo's objects, a page of rows at a time, with the store each is in. */
async function* photoObjects(
  db: Kysely<Database>,
): AsyncIterable<ObjectReference & { store: 'uploads' | 'private' }> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('images')
      .select(['id', 'original_private', ...ORIGINAL_COLUMNS, ...COPY_COLUMNS])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const store = row.original_private ? 'private' : 'uploads';
      for (const column of ORIGINAL_COLUMNS) {
        yield { store, name: row[column], row: `images ${row.id} ${column}`, required: true };
      }
      for (const column of COPY_COLUMNS) {
        const name = row[column];
        if (name)
          yield { store: 'uploads', name, row: `images ${row.id} ${column}`, required: true };
      }
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Every name of the uploads store the database holds: each public photo's full size and
 * thumbnail, every blurred copy, and those queued for removal.
 */
export async function* uploadReferences(db: Kysely<Database>): AsyncIterable<ObjectReference> {
  for await (const { store, ...ref } of photoObjects(db)) if (store === 'uploads') yield ref;
  yield* queuedRemovals(db, 'uploads');
}

/**
 * Every name of the private store the database holds (decision 059): the originals of
 * flagged photos, the photo evidence kept with reports, verification selfies (issue 48), and
 * those queued for removal.
 */
export async function* privateReferences(db: Kysely<Database>): AsyncIterable<ObjectReference> {
  for await (const { store, ...ref } of photoObjects(db)) if (store === 'private') yield ref;
  const reports = await db
    .selectFrom('reports')
    .select(['id', 'evidence_object'])
    .where('evidence_object', 'is not', null)
    .execute();
  for (const report of reports) {
    if (report.evidence_object) {
      yield {
        name: report.evidence_object,
        row: `reports ${report.id} evidence_object`,
        required: true,
      };
    }
  }
  const selfies = await db
    .selectFrom('verifications')
    .select(['id', 'selfie'])
    .where('selfie', 'is not', null)
    .execute();
  for (const request of selfies) {
    if (request.selfie) {
      yield { name: request.selfie, row: `verifications ${request.id} selfie`, required: true };
    }
  }
  yield* queuedRemovals(db, 'private');
}

/**
 * Every name of the exports store the database holds: the zip of each data export whose row
 * still names it, required while the member may download it, and those queued for removal.
 */
export async function* exportReferences(db: Kysely<Database>): AsyncIterable<ObjectReference> {
  const rows = await db
    .selectFrom('data_exports')
    .select([
      'id',
      'file',
      sql<boolean>`status = 'ready' and expires_at > now()`.as('downloadable'),
    ])
    .where('file', 'is not', null)
    .execute();
  for (const row of rows) {
    if (row.file) {
      yield { name: row.file, row: `data_exports ${row.id} file`, required: row.downloadable };
    }
  }
  yield* queuedRemovals(db, 'exports');
}
