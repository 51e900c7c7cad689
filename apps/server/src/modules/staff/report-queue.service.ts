import type { ReportReason } from '@amora/shared/schemas/safety';
import type { PhotoRejectReason } from '@amora/shared/schemas/staff';
import {
  REPORT_CLAIM_MINUTES,
  type ReportActionBody,
  STAFF_PAGE_SIZE,
  type StaffReport,
} from '@amora/shared/schemas/staff';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { appendAudit } from './audit-log.repository.js';
import { banInTransaction, type StaffActor, warnInTransaction } from './member-actions.service.js';
import { rejectPhotoInTransaction } from './photo-queue.service.js';
import { afterInQueue } from './queue-order.js';
import { lockMemberForStaffAction, membersOutOfReach } from './staff-reach.js';

/** Underage first: the category's place in the queue, as a sortable rank. */
const rank = sql<number>`case when r.reason = 'underage' then 0 else 1 end`;
/**
 * Within a category, reports of reporters in better standing first, then the oldest
 * (issue 39): ascending keys, so the standing is negated.
 */
const standing = sql<number>`-r.reporter_standing`;

/** Free to work for this moderator: nobody's, theirs, or a claim that ran out. */
const workableBy = (staffId: number) =>
  sql<boolean>`(r.claimed_by is null or r.claimed_by = ${staffId} or r.claimed_until < now())`;

export const evidencePhotoUrl = (reportId: number) =>
  `/api/admin/report-evidence.php?id=${reportId}`;

/**
 * `GET /api/admin/reports.php`: open reports another moderator is not working (so two never
 * see the same one), or closed ones; keyset paging after the last report of a page. Reports
 * about someone the caller may not act on (`staffMayActOn`) are left out: those about staff
 * reach admins only, and nobody sees the reports about themselves.
 */
export async function listReports(
  db: Kysely<Database>,
  actor: StaffActor,
  query: { status: 'open' | 'closed'; after?: number },
): Promise<StaffReport[]> {
  const outOfReach = await membersOutOfReach(db, actor);
  let select = db
    .selectFrom('reports as r')
    .leftJoin('profiles as rp', 'rp.member_id', 'r.reporter_id')
    .leftJoin('profiles as sp', 'sp.member_id', 'r.subject_id')
    .select([
      'r.id',
      'r.reason',
      'r.reporter_id',
      'rp.name as reporter_name',
      'r.subject_id',
      'sp.name as subject_name',
      'r.created_at',
      'r.status',
      'r.evidence_messages',
      sql<boolean>`r.evidence_object is not null`.as('has_photo'),
    ])
    .where('r.status', '=', query.status)
    .where((eb) =>
      eb.or([eb('r.subject_id', 'is', null), eb('r.subject_id', 'not in', outOfReach)]),
    )
    .orderBy(rank)
    .orderBy(standing)
    .orderBy('r.id')
    .limit(STAFF_PAGE_SIZE);
  if (query.status === 'open') select = select.where(workableBy(actor.staffId));
  const after = query.after;
  if (after !== undefined) {
    const last = await db
      .selectFrom('reports as r')
      .select([rank.as('rank'), standing.as('standing')])
      .where('r.id', '=', after)
      .executeTakeFirst();
    select = select.where(
      afterInQueue(
        [rank, standing, sql.ref('r.id')],
        [last?.rank ?? 1, last?.standing ?? 0, after],
      ),
    );
  }
  const rows = await select.execute();
  return rows.map((row) => ({
    id: row.id,
    reason: row.reason,
    reporter: row.reporter_id === null ? null : { id: row.reporter_id, name: row.reporter_name },
    subject: row.subject_id === null ? null : { id: row.subject_id, name: row.subject_name },
    created_at: row.created_at.toISOString(),
    status: row.status,
    evidence: row.has_photo
      ? { kind: 'photo', url: evidencePhotoUrl(row.id) }
      : row.evidence_messages
        ? {
            kind: 'messages',
            messages: row.evidence_messages.map((m) => ({
              sender_id: m.sender,
              text: m.text,
              at: m.created_at,
            })),
          }
        : { kind: 'none' },
  }));
}

/** What removing a reported photo tells its owner, by the report's reason. */
const PHOTO_REASON: Partial<Record<ReportReason, PhotoRejectReason>> = {
  inappropriate_photo: 'nudity',
  fake: 'not_the_member',
  spam: 'contact_details',
  harassment: 'offensive',
};

/**
 * `POST /api/admin/reports.php`: `claim` takes the report for ten minutes; dismiss, warn,
 * remove_photo and ban act and close it with the note. The report row is locked with
 * `FOR UPDATE SKIP LOCKED`: a report another moderator holds (locked now, or claimed) answers
 * 409 `report_claimed`, one that is closed or unknown 404 `report_not_found`. Every action,
 * claiming too, acts on the report's subject: the staff rule applies (403 `forbidden`).
 */
export async function actOnReport(
  db: Kysely<Database>,
  actor: StaffActor,
  body: ReportActionBody,
): Promise<void> {
  await db.transaction().execute(async (trx): Promise<void> => {
    const report = await trx
      .selectFrom('reports as r')
      .select(['r.id', 'r.reason', 'r.subject_id', 'r.image_id'])
      .where('r.id', '=', body.report)
      .where('r.status', '=', 'open')
      .where(workableBy(actor.staffId))
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!report) {
      const open = await trx
        .selectFrom('reports')
        .select('id')
        .where('id', '=', body.report)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (open)
        throw new AppError(409, 'report_claimed', 'Another moderator is working this report');
      throw notFound('report_not_found', 'No such open report');
    }
    if (report.subject_id !== null) await lockMemberForStaffAction(trx, actor, report.subject_id);
    if (body.action === 'claim') {
      await trx
        .updateTable('reports')
        .set({
          claimed_by: actor.staffId,
          claimed_until: sql<Date>`now() + make_interval(mins => ${REPORT_CLAIM_MINUTES})`,
        })
        .where('id', '=', report.id)
        .execute();
      return;
    }
    const note = body.note ?? '';
    if (body.action === 'remove_photo') {
      if (report.image_id === null) {
        throw badRequest('report_without_photo', 'The report names no photo to remove');
      }
      // Its row goes and a `media_delete` job removes its objects (rejectPhotoInTransaction).
      await rejectPhotoInTransaction(
        trx,
        actor,
        report.image_id,
        PHOTO_REASON[report.reason] ?? 'other',
      );
    }
    if (report.subject_id !== null && body.action === 'warn') {
      await warnInTransaction(trx, actor, report.subject_id, note);
    }
    if (report.subject_id !== null && body.action === 'ban') {
      await banInTransaction(trx, actor, report.subject_id, note);
    }
    await trx
      .updateTable('reports')
      .set({
        status: 'closed',
        closed_at: new Date(),
        closed_by: actor.staffId,
        resolution: body.action,
        note,
        claimed_by: null,
        claimed_until: null,
      })
      .where('id', '=', report.id)
      .execute();
    await appendAudit(trx, {
      staffId: actor.staffId,
      action: `report.${body.action}`,
      subjectId: report.subject_id,
      reason: note,
    });
  });
}
