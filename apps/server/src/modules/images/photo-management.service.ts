import type { PhotoArrangement } from '@amora/shared/schemas/images';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ImageRow } from '../../db/schema.js';
import { badRequest, notFound, notLoggedIn } from '../../lib/errors.js';
import {
  deleteImage,
  listImages,
  lockMemberForImages,
  setImagePositions,
  setMainImage,
} from './image.repository.js';
import { queuePhotoObjectsDelete } from './photo-objects.js';

/**
 * Removes one of the member's photos. When it was the main photo, the next photo in the
 * member's order takes its place (none left: no main photo). From the commit on its URLs
 * answer 404 (only names a photo row holds are served) and a `media_delete` job removes its
 * objects from the store; a failed transaction leaves the photo, its row and its objects.
 *
 * Throws 404 `image_not_found` for an id that is not one of the member's photos: another
 * member's photo is treated as unknown, so ids cannot be probed.
 */
export async function removePhoto(
  db: Kysely<Database>,
  memberId: number,
  imageId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await lockMemberForImages(trx, memberId))) throw notLoggedIn();
    const row = await removePhotoRow(trx, memberId, imageId);
    if (!row) throw notFound('image_not_found', 'That photo is not one of yours');
  });
}

/**
 * Deletes a photo's row in the caller's transaction (the member locked) and queues the
 * removal of its objects with it; a main photo hands its place to the next in the member's
 * order. Answers the row, or undefined if not theirs.
 */
export async function removePhotoRow(
  trx: Transaction<Database>,
  memberId: number,
  imageId: number,
): Promise<ImageRow | undefined> {
  const row = await deleteImage(trx, memberId, imageId);
  if (!row) return undefined;
  await queuePhotoObjectsDelete(trx, [row]);
  const main = await trx
    .selectFrom('profiles')
    .select('main_image_id')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (main?.main_image_id === imageId) {
    const [next] = await listImages(trx, memberId);
    await setMainImage(trx, memberId, next?.id ?? null);
  }
  return row;
}

/**
 * Puts the member's photos in a new order and, optionally, makes one the main photo. The
 * order must name every one of the member's photos exactly once, so a stale page (a photo
 * added or removed elsewhere meanwhile) is refused instead of half-applied.
 *
 * Throws 400 `unknown_image` (an id that is not theirs) or `incomplete_order`.
 */
export async function arrangePhotos(
  db: Kysely<Database>,
  memberId: number,
  arrangement: PhotoArrangement,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await lockMemberForImages(trx, memberId))) throw notLoggedIn();
    const own = new Set((await listImages(trx, memberId)).map((image) => image.id));
    const ids = [...arrangement.order, ...(arrangement.main ? [arrangement.main] : [])];
    if (ids.some((id) => !own.has(id))) {
      throw badRequest('unknown_image', 'Only your own photos can be arranged', {
        order: 'Contains a photo that is not yours',
      });
    }
    if (arrangement.order.length !== own.size) {
      throw badRequest(
        'incomplete_order',
        'List every one of your photos once: your photos changed meanwhile, reload and try again',
        { order: `Expected ${own.size} photos` },
      );
    }
    await setImagePositions(trx, memberId, arrangement.order);
    if (arrangement.main) await setMainImage(trx, memberId, arrangement.main);
  });
}
