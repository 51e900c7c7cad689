import type { PrivatePurpose } from '@amora/shared/schemas/images';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findProfiles } from '../members/profile.repository.js';
import type { StaffActor } from '../staff/member-actions.service.js';
import { membersOutOfReach } from '../staff/staff-reach.js';

/** Who asks: a member, and their staff role while it lets them work (else null). */
export interface PrivateViewer {
  memberId: number;
  staff: StaffActor | null;
}

/** What is asked for: the object `id` stands for by `purpose`, full size or its thumbnail. */
export interface PrivateRequest {
  purpose: PrivatePurpose;
  id: number;
  size: 'full' | 'thumb';
}

/**
 * Who may have a link to a private object (decision 059), the one place that decides it:
 * the object's name in the private store when the viewer may read it, null otherwise (the
 * caller answers 404, so nobody learns whether it exists). Judged on every request, so a
 * block, a ban or an erasure stops new links at once. A later use (selfies, chat photos)
 * adds its purpose and its rule here.
 */
export async function privateObjectFor(
  db: Kysely<Database>,
  viewer: PrivateViewer,
  request: PrivateRequest,
): Promise<string | null> {
  switch (request.purpose) {
    case 'flagged_original':
      return flaggedOriginal(db, viewer, request);
    case 'report_evidence':
      return reportEvidence(db, viewer, request.id);
    case 'verification_selfie':
      return verificationSelfie(db, viewer, request.id);
  }
}

/** Whether staff may look at what is a member's (their photos, reports about them). */
async function staffReaches(
  db: Kysely<Database>,
  staff: StaffActor | null,
  memberId: number,
): Promise<boolean> {
  return staff !== null && !(await membersOutOfReach(db, staff)).includes(memberId);
}

/**
 * A flagged photo as uploaded (decision 034): its owner; a member who chose to see such
 * photos (`show_flagged_photos`) and may see the owner (visible, not blocked either way);
 * staff who may act on the owner's photos (the photo queue, a member's detail).
 */
async function flaggedOriginal(
  db: Kysely<Database>,
  viewer: PrivateViewer,
  { id, size }: PrivateRequest,
): Promise<string | null> {
  const image = await db
    .selectFrom('images')
    .select(['member_id', 'filename', 'thumb_filename', 'original_private'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!image?.original_private) return null;
  const name = size === 'thumb' ? image.thumb_filename : image.filename;
  if (image.member_id === viewer.memberId) return name;
  const record = (
    await findProfiles(db, [image.member_id], { visibleOnly: true, viewerId: viewer.memberId })
  ).get(image.member_id);
  if (record?.viewerSeesFlagged && record.images.some((row) => row.id === id)) return name;
  return (await staffReaches(db, viewer.staff, image.member_id)) ? name : null;
}

/** The copy of a reported photo kept with the report: staff the report is listed to. */
async function reportEvidence(
  db: Kysely<Database>,
  viewer: PrivateViewer,
  reportId: number,
): Promise<string | null> {
  if (!viewer.staff) return null;
  const report = await db
    .selectFrom('reports')
    .select(['evidence_object', 'subject_id'])
    .where('id', '=', reportId)
    .executeTakeFirst();
  if (!report?.evidence_object) return null;
  if (report.subject_id !== null && !(await staffReaches(db, viewer.staff, report.subject_id))) {
    return null;
  }
  return report.evidence_object;
}

/**
 * A verification selfie (issue 48): staff who may act on the member's content, as for a
 * flagged original; not the member themself, who took it and has no need to see it again
 * (their data export holds it while it is kept).
 */
async function verificationSelfie(
  db: Kysely<Database>,
  viewer: PrivateViewer,
  verificationId: number,
): Promise<string | null> {
  if (!viewer.staff) return null;
  const request = await db
    .selectFrom('verifications')
    .select(['member_id', 'selfie'])
    .where('id', '=', verificationId)
    .executeTakeFirst();
  if (!request?.selfie) return null;
  return (await staffReaches(db, viewer.staff, request.member_id)) ? request.selfie : null;
}
