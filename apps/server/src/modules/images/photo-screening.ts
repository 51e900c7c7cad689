import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Database, ImageRow } from '../../db/schema.js';
import type { JobHandler } from '../../lib/job-contract.js';
import { loadSharp } from '../../lib/sharp.js';
import { discardObjects, queueMediaDelete } from '../media/media-delete.js';
import type { MediaStores } from '../media/object-store.js';
import type { PhotoClassifier } from './nsfw-classifier.js';
import { originalStore } from './photo-objects.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What a `photo_screen` outbox job carries. */
const screenJobSchema = z.object({ imageId: z.number().int().positive() });

/** One `photo_screen` job per new photo, in the upload's transaction. */
export async function queueScreening(db: Db, images: readonly ImageRow[]): Promise<void> {
  if (images.length === 0) return;
  await db
    .insertInto('outbox')
    .values(
      images.map((image) => ({
        kind: 'photo_screen' as const,
        member_id: image.member_id,
        payload: JSON.stringify({ imageId: image.id }),
      })),
    )
    .execute();
}

/** A strong blur: shapes and colours stay, nothing explicit can be made out. */
const blurred = async (file: Buffer, width: number) =>
  (await loadSharp())(file)
    .resize({ width, withoutEnlargement: true })
    .blur(Math.max(20, width / 12))
    .webp({ quality: 60 })
    .toBuffer();

export interface ScreeningDeps {
  db: Kysely<Database>;
  media: MediaStores;
  classifier: PhotoClassifier;
  /** P(Porn) + P(Hentai) at or above it flags the photo. */
  threshold: number;
  log: FastifyBaseLogger;
}

/**
 * Screens one photo: classifies the stored file and marks it `clean` or `flagged`. A flagged
 * one gets blurred copies (full size and thumbnail) under fresh names, and its original and
 * thumbnail move to the private store (decision 059): from then on only the app's check hands
 * them out. A photo a new screening finds clean moves back. A photo removed meanwhile is left
 * alone (and what this screening wrote, if anything, removed again by a `media_delete` job,
 * as are the copies a new screening replaces). Throws on a failure the outbox retries (an
 * unreadable file, a classifier that stopped).
 */
export async function screenPhoto(deps: ScreeningDeps, imageId: number): Promise<void> {
  const { db, media } = deps;
  const image = await db
    .selectFrom('images')
    .selectAll()
    .where('id', '=', imageId)
    .executeTakeFirst();
  if (!image) return;
  const source = originalStore(media, image);
  const file = await source.get(image.filename);
  const result = await deps.classifier.classify(file);
  const flagged = result.nudity >= deps.threshold;
  const copies: { filename: string; thumbFilename: string } | null = flagged
    ? { filename: `${randomUUID()}.webp`, thumbFilename: `${randomUUID()}-thumb.webp` }
    : null;
  // The original moves when the verdict changes its store: copied first, the row switched in
  // the transaction below, the old place emptied by a job queued with it.
  const moving = flagged !== image.original_private;
  const target = flagged ? media.private : media.uploads;
  const targetName = flagged ? 'private' : 'uploads';
  const sourceName = image.original_private ? 'private' : 'uploads';
  const made: string[] = [];
  const moved: string[] = [];
  try {
    const thumb = copies || moving ? await source.get(image.thumb_filename) : null;
    if (copies && thumb) {
      await media.uploads.put(copies.filename, await blurred(file, 800), 'image/webp');
      made.push(copies.filename);
      await media.uploads.put(copies.thumbFilename, await blurred(thumb, 320), 'image/webp');
      made.push(copies.thumbFilename);
    }
    if (moving && thumb) {
      await target.put(image.filename, file, 'image/webp');
      moved.push(image.filename);
      await target.put(image.thumb_filename, thumb, 'image/webp');
      moved.push(image.thumb_filename);
    }
  } catch (err) {
    await discardObjects(db, media.uploads, made, deps.log);
    await discardObjects(db, target, moved, deps.log, targetName);
    throw err;
  }
  await db
    .transaction()
    .execute(async (trx) => {
      const updated = await trx
        .updateTable('images')
        .set({
          screening: flagged ? 'flagged' : 'clean',
          nudity_score: result.nudity,
          screened_at: sql<Date>`now()`,
          blurred_filename: copies?.filename ?? null,
          blurred_thumb_filename: copies?.thumbFilename ?? null,
          original_private: flagged,
        })
        .where('id', '=', imageId)
        .returning(['blurred_filename'])
        .executeTakeFirst();
      // Copies of an earlier screening, or this one's when the photo went meanwhile: no row
      // names them any more, so they are no longer served, and a job removes them.
      const replaced = updated
        ? [image.blurred_filename, image.blurred_thumb_filename].filter(
            (name) => name !== null && !made.includes(name),
          )
        : made;
      await queueMediaDelete(trx, replaced);
      // Moved: the old place goes. The photo gone meanwhile: its removal emptied the old
      // place, and the copies this screening wrote go too.
      if (updated) await queueMediaDelete(trx, moved, sourceName);
      else await queueMediaDelete(trx, moved, targetName);
    })
    .catch(async (err: unknown) => {
      await discardObjects(db, media.uploads, made, deps.log);
      await discardObjects(db, target, moved, deps.log, targetName);
      throw err;
    });
  deps.log.info(
    { imageId, flagged, nudity: Number(result.nudity.toFixed(3)), ms: Math.round(result.ms) },
    'photo screened',
  );
}

/** Runs `photo_screen` jobs; a failed screening is tried again within a minute. */
export function photoScreeningJobHandler(deps: ScreeningDeps): JobHandler {
  return {
    maxRetryDelayMs: 60_000,
    async run(job) {
      const parsed = screenJobSchema.safeParse(job.payload);
      if (!parsed.success) return { status: 'failed', error: 'invalid payload', retry: false };
      await screenPhoto(deps, parsed.data.imageId);
      return { status: 'done' };
    },
  };
}
