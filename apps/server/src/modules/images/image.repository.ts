import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, ImageRow } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** How many photos the member has. */
export async function countImages(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Locks the member's row until the transaction ends, so two uploads by the same member take
 * turns at counting and positioning. False when the member does not exist.
 */
export async function lockMemberForImages(trx: Transaction<Database>, memberId: number) {
  const row = await trx
    .selectFrom('members')
    .select('id')
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's photo count and the position after their last photo. */
export async function imageSlots(
  db: Db,
  memberId: number,
): Promise<{ count: number; nextPosition: number }> {
  const row = await db
    .selectFrom('images')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(max(position) + 1, 0)::int`.as('next_position'),
    ])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { count: row.count, nextPosition: row.next_position };
}

export interface NewImage {
  filename: string;
  thumbFilename: string;
}

/** Inserts the images at consecutive positions from `firstPosition`; returned in that order. */
export async function insertImages(
  db: Db,
  memberId: number,
  firstPosition: number,
  images: readonly NewImage[],
  screening: 'pending' | 'clean' = 'pending',
): Promise<ImageRow[]> {
  if (images.length === 0) return [];
  const rows = await db
    .insertInto('images')
    .values(
      images.map((image, i) => ({
        member_id: memberId,
        filename: image.filename,
        thumb_filename: image.thumbFilename,
        position: firstPosition + i,
        screening,
      })),
    )
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.position - b.position);
}

/**
 * Makes `imageId` the member's main photo when they have none: no main photo yet, or one
 * that no longer exists among their images. An existing main photo is kept.
 */
export async function setMainImageIfMissing(
  db: Db,
  memberId: number,
  imageId: number,
): Promise<boolean> {
  const result = await db
    .updateTable('profiles')
    .set({ main_image_id: imageId })
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb('main_image_id', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('images')
              .select(sql`1`.as('one'))
              .whereRef('images.id', '=', 'profiles.main_image_id')
              .where('images.member_id', '=', memberId),
          ),
        ),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The member's photos in their order (position, then id). */
export async function listImages(db: Db, memberId: number): Promise<ImageRow[]> {
  return db
    .selectFrom('images')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Removes one of the member's photos; answers its row, or undefined when it is not theirs. */
export async function deleteImage(
  db: Db,
  memberId: number,
  imageId: number,
): Promise<ImageRow | undefined> {
  return db
    .deleteFrom('images')
    .where('id', '=', imageId)
    .where('member_id', '=', memberId)
    .returningAll()
    .executeTakeFirst();
}

/** Writes positions 0, 1, 2… in the given order (ids already checked to be the member's). */
export async function setImagePositions(
  db: Db,
  memberId: number,
  orderedIds: readonly number[],
): Promise<void> {
  for (const [position, id] of orderedIds.entries()) {
    await db
      .updateTable('images')
      .set({ position })
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .execute();
  }
}

/** Sets (or clears) the member's main photo. */
export async function setMainImage(db: Db, memberId: number, imageId: number | null) {
  await db
    .updateTable('profiles')
    .set({ main_image_id: imageId })
    .where('member_id', '=', memberId)
    .execute();
}

/** The columns of a photo row that name an object in the uploads store. */
const OBJECT_COLUMNS = [
  'filename',
  'thumb_filename',
  'blurred_filename',
  'blurred_thumb_filename',
] as const;

/**
 * Whether a photo row names `name` in the uploads store (a public photo, its thumbnail or a
 * blurred copy): only those are
 * served, so a removed photo answers 404 from its row's deletion on, whatever its objects'
 * `media_delete` job has done yet. One index probe per column (migration 2026112903).
 */
export async function isPhotoObjectName(db: Db, name: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .or(
          OBJECT_COLUMNS.map((column) => {
            const named = eb.selectFrom('images').select(sql`1`.as('one')).where(column, '=', name);
            // A flagged photo's original is private (decision 059): never served from here,
            // not even while the public copy waits for its `media_delete` job.
            return eb.exists(
              column === 'filename' || column === 'thumb_filename'
                ? named.where('original_private', '=', false)
                : named,
            );
          }),
        )
        .as('named'),
    )
    .executeTakeFirstOrThrow();
  return row.named === true;
}
