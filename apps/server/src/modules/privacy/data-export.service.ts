import { randomBytes, randomUUID } from 'node:crypto';
import {
  type DataExport,
  EXPORT_EVERY_HOURS,
  EXPORT_KEPT_HOURS,
} from '@amora/shared/schemas/data-export';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { limitedUntil, notFound } from '../../lib/errors.js';
import type { JobHandler } from '../../lib/job-contract.js';
import { queueMediaDelete } from '../media/media-delete.js';
import type { MediaStores, ObjectStore } from '../media/object-store.js';
import { collectMemberData } from './data-export.repository.js';

const HOUR_MS = 3_600_000;
const NAME = /^[0-9a-f-]{36}\.zip$/;

type Row = Awaited<ReturnType<typeof latestExport>>;

async function latestExport(db: Kysely<Database>, memberId: number) {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const toState = (row: NonNullable<Row>): DataExport => ({
  id: row.id,
  status: row.status,
  progress: row.progress,
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at?.toISOString() ?? null,
  download_url:
    row.status === 'ready' && row.token ? `/api/export.php?download=${row.token}` : null,
});

/** `GET /api/export.php`: the member's latest export, or null. */
export async function exportState(db: Kysely<Database>, memberId: number) {
  const row = await latestExport(db, memberId);
  return row ? toState(row) : null;
}

/**
 * `POST /api/export.php`: asks for a copy of everything stored about the member, prepared in
 * the background (an outbox job). One per EXPORT_EVERY_HOURS: 429 `export_limit`.
 */
export async function requestExport(db: Kysely<Database>, memberId: number): Promise<DataExport> {
  const row = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute();
    const last = await trx
      .selectFrom('data_exports')
      .select('created_at')
      .where('member_id', '=', memberId)
      .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${EXPORT_EVERY_HOURS})`)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (last) {
      const retryAt = new Date(last.created_at.getTime() + EXPORT_EVERY_HOURS * HOUR_MS);
      throw limitedUntil(
        'export_limit',
        `You can ask for a copy of your data once a day: the next one from ${retryAt.toISOString()}`,
        retryAt,
      );
    }
    const created = await trx
      .insertInto('data_exports')
      .values({
        id: randomUUID(),
        member_id: memberId,
        token: randomBytes(24).toString('base64url'),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('outbox')
      .values({
        kind: 'data_export',
        member_id: memberId,
        payload: JSON.stringify({ exportId: created.id }),
      })
      .execute();
    return created;
  });
  return toState(row);
}

const setProgress = (db: Kysely<Database>, id: string, progress: number) =>
  db.updateTable('data_exports').set({ progress }).where('id', '=', id).execute();

export interface ExportDeps {
  db: Kysely<Database>;
  /** Where the member's photos are read: uploads, or private for a flagged one's original. */
  media: Pick<MediaStores, 'uploads' | 'private'>;
  /** Where the zip files wait for their download (DATA_DIR/exports or the bucket's exports/). */
  exports: ObjectStore;
}

/**
 * Prepares one export (the outbox job): `data.json` with everything stored about the member
 * and their photo and kept verification selfie files, zipped into the exports store, progress noted as it goes.
 */
export async function buildExport(deps: ExportDeps, exportId: string): Promise<void> {
  const { db } = deps;
  const row = await db
    .selectFrom('data_exports')
    .selectAll()
    .where('id', '=', exportId)
    .executeTakeFirst();
  if (row?.status !== 'pending') return;
  const data = await collectMemberData(db, row.member_id);
  await setProgress(db, exportId, 10);
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    'data.json': new TextEncoder().encode(JSON.stringify(data, null, 2)),
  };
  const privateOriginals = new Set(
    (
      await db
        .selectFrom('images')
        .select('filename')
        .where('member_id', '=', row.member_id)
        .where('original_private', '=', true)
        .execute()
    ).map((image) => image.filename),
  );
  for (const [i, photo] of data.photos.entries()) {
    const store = privateOriginals.has(photo.filename) ? deps.media.private : deps.media.uploads;
    // Photos are compressed already: stored as they are.
    files[`photos/${photo.filename}`] = [await store.get(photo.filename), { level: 0 }];
    await setProgress(db, exportId, 10 + Math.floor((80 * (i + 1)) / data.photos.length));
  }
  // Verification selfies while they are kept (30 days after the decision): private objects.
  for (const request of data.verifications) {
    if (request.selfie) {
      files[`verification/${request.selfie}`] = [
        await deps.media.private.get(request.selfie),
        { level: 0 },
      ];
    }
  }
  const file = `${exportId}.zip`;
  const { zipSync } = await import('fflate');
  await deps.exports.put(file, Buffer.from(zipSync(files)), 'application/zip');
  const stored = await db
    .updateTable('data_exports')
    .set({
      status: 'ready',
      progress: 100,
      file,
      ready_at: sql<Date>`now()`,
      expires_at: sql<Date>`now() + make_interval(hours => ${EXPORT_KEPT_HOURS})`,
    })
    .where('id', '=', exportId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  // The account was erased while the file was made: its row is gone, so is the file.
  if (stored.numUpdatedRows === 0n) await queueMediaDelete(db, [file], 'exports');
}

/**
 * `GET /api/export.php?download=`: the file, once, for the member whose session asks, with
 * its one-time token, while it is kept. The row is claimed before the file is read, so two
 * downloads at once cannot both have it; the file goes afterwards.
 */
export async function takeExport(
  db: Kysely<Database>,
  exports: ObjectStore,
  memberId: number,
  token: string,
): Promise<{ body: Buffer; createdAt: Date }> {
  const claimed = await db
    .updateTable('data_exports')
    .set({ status: 'downloaded', token: null, downloaded_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('token', '=', token)
    .where('status', '=', 'ready')
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['file', 'created_at'])
    .executeTakeFirst();
  if (!claimed?.file || !NAME.test(claimed.file)) {
    throw notFound('export_not_found', 'This download link is used, expired or not yours');
  }
  const body = await exports.get(claimed.file);
  await exports.remove(claimed.file);
  return { body, createdAt: claimed.created_at };
}

/** Export files past their day (and their rows after the once-a-day window), at most 100. */
export async function pruneExports(db: Kysely<Database>, exports: ObjectStore): Promise<void> {
  const expired = await db
    .selectFrom('data_exports')
    .select(['id', 'file', 'created_at'])
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', sql<Date>`now()`),
        eb('status', 'in', ['downloaded', 'failed']),
        eb('created_at', '<', sql<Date>`now() - interval '2 days'`),
      ]),
    )
    .where('file', 'is not', null)
    .limit(100)
    .execute();
  for (const row of expired) {
    if (row.file && NAME.test(row.file)) await exports.remove(row.file);
    await db
      .updateTable('data_exports')
      .set({ file: null, token: null })
      .where('id', '=', row.id)
      .execute();
  }
  await db
    .deleteFrom('data_exports')
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${EXPORT_EVERY_HOURS + 24})`)
    .execute();
}

/** What a `data_export` outbox job carries. */
const exportJobSchema = z.object({ exportId: z.string().uuid() });

/** Runs `data_export` jobs; a failed one is tried again within a minute. */
export function dataExportJobHandler(deps: ExportDeps): JobHandler {
  return {
    maxRetryDelayMs: 60_000,
    async run(job) {
      const parsed = exportJobSchema.safeParse(job.payload);
      if (!parsed.success) return { status: 'failed', error: 'invalid payload', retry: false };
      await buildExport(deps, parsed.data.exportId);
      return { status: 'done' };
    },
  };
}
