import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Database, ImageRow } from '../../db/schema.js';
import type { JobHandler } from '../../lib/job-contract.js';
import { loadSharp } from '../../lib/sharp.js';
import { discardObjects, queueMediaDelete } from '../media/media-delete.js';
import type { ObjectStore } from '../media/object-store.js';
import type { PhotoClassifier } from './nsfw-classifier.js';

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
  storage: ObjectStore;
  classifier: PhotoClassifier;
  /** P(Porn) + P(Hentai) at or above it flags the photo. */
  threshold: number;
  log: FastifyBaseLogger;
}

/**
 * Screens one photo: classifies the stored file and marks it `clean` or `flagged`; a flagged
 * one gets blurred copies (full size and thumbnail) under fresh names. A photo removed
 * meanwhile is left alone (and its copies, if made, removed again by a `media_delete` job,
 * as are the copies a new screening replaces). Throws on a failure the outbox retries (an
 * unreadable file, a classifier that stopped).
 */
export async function screenPhoto(deps: ScreeningDeps, imageId: number): Promise<void> {
  const { db, storage } = deps;
  const image = await db
    .selectFrom('images')
    .selectAll()
    .where('id', '=', imageId)
    .executeTakeFirst();
  if (!image) return;
  const file = await storage.get(image.filename);
  const result = await deps.classifier.classify(file);
  const flagged = result.nudity >= deps.threshold;
  const copies: { filename: string; thumbFilename: string } | null = flagged
    ? { filename: `${randomUUID()}.webp`, thumbFilename: `${randomUUID()}-thumb.webp` }
    : null;
  if (copies) {
    const thumb = await storage.get(image.thumb_filename);
    const written: string[] = [];
    try {
      await storage.put(copies.filename, await blurred(file, 800), 'image/webp');
      written.push(copies.filename);
      await storage.put(copies.thumbFilename, await blurred(thumb, 320), 'image/webp');
    } catch (err) {
      await discardObjects(db, storage, written, deps.log);
      throw err;
    }
  }
  const made = copies ? [copies.filename, copies.thumbFilename] : [];
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
    })
    .catch(async (err: unknown) => {
      await discardObjects(db, storage, made, deps.log);
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
