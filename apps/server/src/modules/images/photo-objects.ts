import type { Kysely, Transaction } from 'kysely';
import type { Database, ImageRow } from '../../db/schema.js';
import { queueMediaDelete } from '../media/media-delete.js';
import type { MediaStores } from '../media/object-store.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The columns of a photo row that say which objects it has and where they are. */
export const PHOTO_OBJECT_COLUMNS = [
  'filename',
  'thumb_filename',
  'blurred_filename',
  'blurred_thumb_filename',
  'original_private',
] as const;

export type PhotoObjects = Pick<ImageRow, (typeof PHOTO_OBJECT_COLUMNS)[number]>;

/**
 * The store holding a photo's original and thumbnail: the private one for a flagged photo
 * (decision 059), else the public uploads. Blurred copies are always public.
 */
export function originalStore(
  stores: Pick<MediaStores, 'uploads' | 'private'>,
  row: Pick<ImageRow, 'original_private'>,
) {
  return row.original_private ? stores.private : stores.uploads;
}

/** Every object of the photos, by store, for the caller's `media_delete` jobs. */
export function photoObjectsByStore(rows: readonly PhotoObjects[]): {
  uploads: string[];
  private: string[];
} {
  const byStore = { uploads: [] as string[], private: [] as string[] };
  for (const row of rows) {
    byStore[row.original_private ? 'private' : 'uploads'].push(row.filename, row.thumb_filename);
    for (const copy of [row.blurred_filename, row.blurred_thumb_filename]) {
      if (copy) byStore.uploads.push(copy);
    }
  }
  return byStore;
}

/**
 * Queues the removal of every object the removed photo rows named, each from its own
 * store, in the transaction that removed the rows. Answers how many objects that is.
 */
export async function queuePhotoObjectsDelete(
  db: Db,
  rows: readonly PhotoObjects[],
): Promise<number> {
  const byStore = photoObjectsByStore(rows);
  await queueMediaDelete(db, byStore.uploads, 'uploads');
  await queueMediaDelete(db, byStore.private, 'private');
  return byStore.uploads.length + byStore.private.length;
}

/** Reads a photo's original (or its thumbnail) wherever it is kept. */
export function readOriginal(
  stores: Pick<MediaStores, 'uploads' | 'private'>,
  row: Pick<ImageRow, 'original_private'>,
  name: string,
): Promise<Buffer> {
  return originalStore(stores, row).get(name);
}
