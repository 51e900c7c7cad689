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
  store: 'uploads' | 'exports',
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

/** Every column of `images` that names an object of the uploads store. */
const IMAGE_COLUMNS = [
  'filename',
  'thumb_filename',
  'blurred_filename',
  'blurred_thumb_filename',
] as const;

/**
 * Every name of the uploads store the database holds: each photo's full size, thumbnail and
 * blurred copies, and those queued for removal. (A report's evidence copy lives in its row,
 * not in the store.)
 */
export async function* uploadReferences(db: Kysely<Database>): AsyncIterable<ObjectReference> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('images')
      .select(['id', ...IMAGE_COLUMNS])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      for (const column of IMAGE_COLUMNS) {
        const name = row[column];
        if (name) yield { name, row: `images ${row.id} ${column}`, required: true };
      }
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  yield* queuedRemovals(db, 'uploads');
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
