import type { ReportReason } from '@amora/shared/schemas/safety';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, EvidenceMessage } from '../../db/schema.js';
import { queueMediaDelete } from '../media/media-delete.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewReport {
  reporterId: number;
  subjectId: number;
  reason: ReportReason;
  text: string | null;
  conversationId: number | null;
  imageId: number | null;
  evidenceMessages: EvidenceMessage[] | null;
  /** The private object holding the copy of the reported photo. */
  evidenceObject: string | null;
  reporterStanding: number;
}

/**
 * Stores the report, or answers the id of the reporter's open report of the same member for
 * the same reason (the partial unique index decides a race): `created` tells which.
 */
export async function insertReport(
  db: Db,
  report: NewReport,
): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insertInto('reports')
    .values({
      reporter_id: report.reporterId,
      subject_id: report.subjectId,
      reason: report.reason,
      text: report.text,
      conversation_id: report.conversationId,
      image_id: report.imageId,
      evidence_messages: report.evidenceMessages && JSON.stringify(report.evidenceMessages),
      evidence_object: report.evidenceObject,
      reporter_standing: report.reporterStanding,
    })
    .onConflict((oc) =>
      oc.columns(['reporter_id', 'subject_id', 'reason']).where('status', '=', 'open').doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: Number(inserted.id), created: true };
  const open = await findOpenReport(db, report.reporterId, report.subjectId, report.reason);
  if (!open) throw new Error('report conflict without an open report');
  return { id: open, created: false };
}

export async function findOpenReport(
  db: Db,
  reporterId: number,
  subjectId: number,
  reason: ReportReason,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('reports')
    .select('id')
    .where('reporter_id', '=', reporterId)
    .where('subject_id', '=', subjectId)
    .where('reason', '=', reason)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row && Number(row.id);
}

/** Days of a confirmed account that count towards its standing as a reporter. */
export const STANDING_DAYS_MAX = 30;
/** What each earlier report that staff upheld adds to a reporter's standing. */
export const STANDING_PER_UPHELD_REPORT = 10;

/**
 * How much the moderation queue trusts a report by this member (issue 39): the days since
 * they confirmed their address, at most `STANDING_DAYS_MAX`, plus
 * `STANDING_PER_UPHELD_REPORT` for each earlier report of theirs that staff closed with an
 * action (a warning, a removed photo or a ban) rather than dismissed.
 */
export async function reporterStanding(db: Db, reporterId: number): Promise<number> {
  const { rows } = await sql<{ standing: number }>`
    select (
      least(${STANDING_DAYS_MAX}, greatest(0, floor(extract(epoch from now() - m.activated_at) / 86400)))
      + ${STANDING_PER_UPHELD_REPORT} * (
        select count(*) from reports r
        where r.reporter_id = m.id and r.status = 'closed' and r.resolution <> 'dismiss'
      )
    )::int as standing
    from members m where m.id = ${reporterId}`.execute(db);
  return rows[0]?.standing ?? 0;
}

/** When the reporter's reports of the last 24 hours were made, oldest first. */
export async function reportTimesOfLastDay(db: Db, reporterId: number): Promise<Date[]> {
  const rows = await db
    .selectFrom('reports')
    .select('created_at')
    .where('reporter_id', '=', reporterId)
    .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

/** The conversation's newest `limit` messages, held ones too, oldest first. */
export async function newestMessages(
  db: Db,
  conversationId: number,
  limit: number,
): Promise<EvidenceMessage[]> {
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'sender_id', 'text', 'created_at', 'status'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({
    id: Number(r.id),
    sender: Number(r.sender_id),
    text: r.text,
    created_at: r.created_at.toISOString(),
    ...(r.status === 'held' && { held: true }),
  }));
}

/**
 * Deletes reports closed more than `days` ago, with their evidence: a photo's private copy
 * goes by a `media_delete` job queued in the same transaction. Answers how many.
 */
export async function pruneClosedReports(db: Kysely<Database>, days: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('reports')
      .where('status', '=', 'closed')
      .where('closed_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
      .returning('evidence_object')
      .execute();
    await queueMediaDelete(
      trx,
      removed.map((row) => row.evidence_object),
      'private',
    );
    return removed.length;
  });
}
