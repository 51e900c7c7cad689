import { privateMediaLink } from '@amora/shared/schemas/images';
import {
  type PhotoActionBody,
  type PhotoRejectReason,
  type QueuedPhoto,
  STAFF_PAGE_SIZE,
} from '@amora/shared/schemas/staff';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, ImageRow } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { removePhotoRow } from '../images/photo-management.service.js';
import { notifyMembers } from '../live/live-notify.js';
import { onAccountNotice } from '../notifications/member-events.js';
import { readStoredSettings } from '../site/site.repository.js';
import { appendAudit } from './audit-log.repository.js';
import type { StaffActor } from './member-actions.service.js';
import { afterInQueue } from './queue-order.js';
import { lockMemberForStaffAction, membersOutOfReach } from './staff-reach.js';

/**
 * Staff see the photo as stored, never the blurred copy: where members' pictures are fetched
 * from (`settings.cdn_prefix`: this app's `/uploads/`, a CDN or a bucket), or, for a flagged
 * one whose original is private (decision 059), the app's checked link.
 */
export const photoUrl = (
  cdnPrefix: string,
  photo: { id: number; filename: string; original_private: boolean },
) =>
  photo.original_private
    ? privateMediaLink('flagged_original', photo.id)
    : `${cdnPrefix}${photo.filename}`;

/** Flagged photos first, then the oldest: the queue's order, as a sortable rank. */
const rank = sql<number>`case when images.screening = 'flagged' then 0 else 1 end`;

/**
 * `GET /api/admin/photos.php`: photos no one has reviewed, of members still here whom the
 * caller may act on (`staffMayActOn`).
 */
export async function listPhotoQueue(
  db: Kysely<Database>,
  actor: StaffActor,
  after?: number,
): Promise<QueuedPhoto[]> {
  const outOfReach = await membersOutOfReach(db, actor);
  let query = db
    .selectFrom('images')
    .innerJoin('members', 'members.id', 'images.member_id')
    .leftJoin('profiles', 'profiles.member_id', 'images.member_id')
    .select([
      'images.id',
      'images.filename',
      'images.original_private',
      'images.member_id',
      'profiles.name',
      'images.screening',
      'images.nudity_score',
      'images.created_at',
    ])
    .where('images.reviewed_at', 'is', null)
    .where('members.status', '=', 'active')
    .where('images.member_id', 'not in', outOfReach)
    .orderBy(rank)
    .orderBy('images.id')
    .limit(STAFF_PAGE_SIZE);
  if (after !== undefined) {
    const last = await db
      .selectFrom('images')
      .select(rank.as('rank'))
      .where('id', '=', after)
      .executeTakeFirst();
    query = query.where(afterInQueue([rank, sql.ref('images.id')], [last?.rank ?? 1, after]));
  }
  const [rows, settings] = await Promise.all([query.execute(), readStoredSettings(db)]);
  return rows.map((row) => ({
    id: row.id,
    url: photoUrl(settings.cdn_prefix, row),
    member: { id: row.member_id, name: row.name },
    screening: row.screening,
    nudity_score: row.nudity_score,
    created_at: row.created_at.toISOString(),
  }));
}

/**
 * The photo's owner, their row locked (the member's own photo changes lock it first too) once
 * the staff rule lets the actor act on them (403 `forbidden`); undefined for no such photo.
 */
async function lockPhotoOwner(
  trx: Transaction<Database>,
  actor: StaffActor,
  imageId: number,
): Promise<number | undefined> {
  const image = await trx
    .selectFrom('images')
    .select('member_id')
    .where('id', '=', imageId)
    .executeTakeFirst();
  if (!image) return undefined;
  await lockMemberForStaffAction(trx, actor, image.member_id);
  return image.member_id;
}

/**
 * Rejects a photo in the caller's transaction: it disappears everywhere (its row, and its
 * objects through a `media_delete` job after the commit) and its owner gets a notification
 * saying why. Answers the row, or undefined when the photo is already gone; 403 `forbidden`
 * for a photo of someone the staff rule keeps from the actor.
 */
export async function rejectPhotoInTransaction(
  trx: Transaction<Database>,
  actor: StaffActor,
  imageId: number,
  reason: PhotoRejectReason,
): Promise<ImageRow | undefined> {
  const owner = await lockPhotoOwner(trx, actor, imageId);
  if (owner === undefined) return undefined;
  const removed = await removePhotoRow(trx, owner, imageId);
  if (!removed) return undefined;
  await onAccountNotice(trx, owner, 'photo_rejected', reason);
  await notifyMembers(trx, [owner], { type: 'user' });
  await appendAudit(trx, {
    staffId: actor.staffId,
    action: 'photo.reject',
    subjectId: owner,
    reason,
  });
  return removed;
}

/**
 * `POST /api/admin/photos.php`: approve (it leaves the queue) or reject; either is an action
 * on the photo's owner, so the staff rule applies (403 `forbidden`).
 */
export async function actOnPhoto(
  db: Kysely<Database>,
  actor: StaffActor,
  body: PhotoActionBody,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (body.action === 'reject') {
      const row = await rejectPhotoInTransaction(trx, actor, body.photo, body.reason ?? 'other');
      if (!row) throw photoNotFound();
      return;
    }
    if ((await lockPhotoOwner(trx, actor, body.photo)) === undefined) throw photoNotFound();
    const approved = await trx
      .updateTable('images')
      .set({ reviewed_at: new Date(), reviewed_by: actor.staffId })
      .where('id', '=', body.photo)
      .returning('member_id')
      .executeTakeFirst();
    if (!approved) throw photoNotFound();
    await appendAudit(trx, {
      staffId: actor.staffId,
      action: 'photo.approve',
      subjectId: approved.member_id,
    });
  });
}

const photoNotFound = () => notFound('image_not_found', 'No such photo: it was removed');
