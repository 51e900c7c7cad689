import { randomUUID } from 'node:crypto';
import { IMAGE_UPLOAD_LIMITS, type UploadedImage } from '@amora/shared/schemas/images';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, notLoggedIn } from '../../lib/errors.js';
import { discardObjects } from '../media/media-delete.js';
import type { ObjectStore } from '../media/object-store.js';
import {
  countImages,
  imageSlots,
  insertImages,
  lockMemberForImages,
  type NewImage,
  setMainImageIfMissing,
} from './image.repository.js';
import { type ProcessedImage, processImage } from './image-processing.js';
import { queueScreening } from './photo-screening.js';

const WEBP = 'image/webp';

/** 409 `too_many_photos`, saying how many the member may still add. */
export function tooManyPhotos(existing: number, adding: number): AppError {
  const max = IMAGE_UPLOAD_LIMITS.maxPhotosPerMember;
  const left = Math.max(0, max - existing);
  const message =
    left === 0
      ? `You already have ${max} photos, the most a profile can have: delete one to add another`
      : `A profile can have at most ${max} photos: you have ${existing}, so you can add ${left} more, not ${adding}`;
  return new AppError(409, 'too_many_photos', message);
}

/**
 * Adds uploaded photos to the member's profile, all or none:
 * 1. every file is checked and re-encoded (`processImage`), outside any transaction;
 * 2. the WebP files are written to `storage` as `<uuid>.webp` and `<uuid>-thumb.webp`;
 * 3. one short transaction locks the member, checks the photo limit, inserts the rows after
 *    the member's last photo and makes the first new one the main photo if there is none.
 * A failed write stores no row; if anything fails after objects were written, they are
 * removed again (or, when the store refuses that too, left to a `media_delete` job).
 *
 * Throws 400 `no_file`, `not_an_image`, `image_too_small` or `image_too_large`, or 409
 * `too_many_photos`.
 */
export async function addImages(
  db: Kysely<Database>,
  storage: ObjectStore,
  memberId: number,
  files: readonly Buffer[],
  { screen }: { screen: boolean },
): Promise<UploadedImage[]> {
  if (files.length === 0) {
    throw badRequest('no_file', 'Choose a photo to upload (multipart field "file")');
  }
  // Cheap early refusal before any pixel work; the transaction below decides for certain.
  const existing = await countImages(db, memberId);
  if (existing + files.length > IMAGE_UPLOAD_LIMITS.maxPhotosPerMember) {
    throw tooManyPhotos(existing, files.length);
  }

  // One at a time: a request holds at most one photo's decoded pixels in memory and keeps
  // few libvips workers busy, so a burst of uploads cannot starve the thread pool for others.
  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await processImage(file));

  const written: string[] = [];
  const newImages: NewImage[] = [];
  try {
    for (const image of processed) {
      const id = randomUUID();
      const names = { filename: `${id}.webp`, thumbFilename: `${id}-thumb.webp` };
      // Settle both writes before going on, so a failure never leaves a write in flight
      // that the clean-up below would miss.
      const puts = await Promise.allSettled([
        storage.put(names.filename, image.full, WEBP),
        storage.put(names.thumbFilename, image.thumb, WEBP),
      ]);
      if (puts[0].status === 'fulfilled') written.push(names.filename);
      if (puts[1].status === 'fulfilled') written.push(names.thumbFilename);
      const failed = puts.find((p) => p.status === 'rejected');
      if (failed) throw failed.reason;
      newImages.push(names);
    }

    const rows = await db.transaction().execute(async (trx) => {
      if (!(await lockMemberForImages(trx, memberId))) throw notLoggedIn();
      const { count, nextPosition } = await imageSlots(trx, memberId);
      if (count + newImages.length > IMAGE_UPLOAD_LIMITS.maxPhotosPerMember) {
        throw tooManyPhotos(count, newImages.length);
      }
      const inserted = await insertImages(
        trx,
        memberId,
        nextPosition,
        newImages,
        screen ? 'pending' : 'clean',
      );
      // Screened by the outbox worker: the upload answers at once, and a restart or another
      // instance finishes it (docs/decisions/034). Until then only the owner sees it.
      if (screen) await queueScreening(trx, inserted);
      const first = inserted[0];
      if (first) await setMainImageIfMissing(trx, memberId, first.id);
      return inserted;
    });
    return rows.map((row) => ({ id: row.id, thumb_filename: row.thumb_filename }));
  } catch (err) {
    await discardObjects(db, storage, written);
    throw err;
  }
}
