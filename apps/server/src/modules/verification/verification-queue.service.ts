import { privateMediaLink } from '@amora/shared/schemas/images';
import { STAFF_PAGE_SIZE } from '@amora/shared/schemas/staff';
import type {
  QueuedVerification,
  VerificationActionBody,
} from '@amora/shared/schemas/verification';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { readStoredSettings } from '../site/site.repository.js';
import { appendAudit } from '../staff/audit-log.repository.js';
import type { StaffActor } from '../staff/member-actions.service.js';
import { photoUrl } from '../staff/photo-queue.service.js';
import { lockMemberForStaffAction, membersOutOfReach } from '../staff/staff-reach.js';
import { isPoseId, poseView } from './poses.js';

/**
 * `GET /api/admin/verifications.php`: selfies waiting for a person, oldest first, of members
 * still here whom the caller may act on (`membersOutOfReach`), each beside the pose asked for
 * and the member's photos as stored. Keyset paging with `after`.
 */
export async function listVerificationQueue(
  db: Kysely<Database>,
  actor: StaffActor,
  after?: number,
): Promise<QueuedVerification[]> {
  const outOfReach = await membersOutOfReach(db, actor);
  let query = db
    .selectFrom('verifications')
    .innerJoin('members', 'members.id', 'verifications.member_id')
    .leftJoin('profiles', 'profiles.member_id', 'verifications.member_id')
    .select([
      'verifications.id',
      'verifications.member_id',
      'verifications.pose',
      'verifications.selfie',
      'verifications.created_at',
      'profiles.name',
    ])
    .where('verifications.status', '=', 'pending')
    .where('members.status', '=', 'active')
    .where('verifications.member_id', 'not in', outOfReach)
    .orderBy('verifications.id')
    .limit(STAFF_PAGE_SIZE);
  if (after !== undefined) query = query.where('verifications.id', '>', after);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const [photos, settings] = await Promise.all([
    db
      .selectFrom('images')
      .select(['id', 'member_id', 'filename', 'original_private'])
      .where(
        'member_id',
        'in',
        rows.map((row) => row.member_id),
      )
      .orderBy('position')
      .execute(),
    readStoredSettings(db),
  ]);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      member: { id: row.member_id, name: row.name },
      selfie_url: row.selfie && privateMediaLink('verification_selfie', row.id),
      // A pose retired since (left out of POSES) is named by its id alone, never shown wrong.
      pose: isPoseId(row.pose)
        ? await poseView(row.pose)
        : { id: row.pose, image: '', text: row.pose },
      photos: photos
        .filter((photo) => photo.member_id === row.member_id)
        .map((photo) => ({ id: photo.id, url: photoUrl(settings.cdn_prefix, photo) })),
      created_at: row.created_at.toISOString(),
    })),
  );
}

/**
 * `POST /api/admin/verifications.php`: approve (the member is verified from now on,
 * `members.verified_at`) or reject with a reason the member reads (a verified member who is
 * refused is no longer verified). Either is an action on the member, so the staff rule applies
 * (403 `forbidden`); 404 `verification_not_found` for a selfie decided meanwhile. One audit
 * log entry, in the same transaction.
 */
export async function actOnVerification(
  db: Kysely<Database>,
  actor: StaffActor,
  body: VerificationActionBody,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('verifications')
      .select('member_id')
      .where('id', '=', body.verification)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!request) throw verificationNotFound();
    await lockMemberForStaffAction(trx, actor, request.member_id);
    const approve = body.action === 'approve';
    const decided = await trx
      .updateTable('verifications')
      .set({
        status: approve ? 'verified' : 'rejected',
        reason: approve ? null : (body.reason ?? null),
        decided_at: new Date(),
        decided_by: actor.staffId,
      })
      .where('id', '=', body.verification)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) === 0) throw verificationNotFound();
    await trx
      .updateTable('members')
      .set({ verified_at: approve ? new Date() : null })
      .where('id', '=', request.member_id)
      .execute();
    await appendAudit(trx, {
      staffId: actor.staffId,
      action: approve ? 'verification.approve' : 'verification.reject',
      subjectId: request.member_id,
      reason: approve ? null : (body.reason ?? null),
    });
  });
}

const verificationNotFound = () =>
  notFound('verification_not_found', 'No such selfie waits: it was decided or removed');
