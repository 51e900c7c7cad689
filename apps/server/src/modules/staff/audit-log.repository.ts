import { AUDIT_RETENTION_DAYS, STAFF_PAGE_SIZE } from '@amora/shared/schemas/staff';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditRecord {
  staffId: number;
  /** `ban`, `unban`, `warn`, or a dotted name (`photo.reject`, `report.dismiss`, …). */
  action: string;
  subjectId: number | null;
  reason?: string | null;
}

/** Appends one entry, in the transaction of the action it records. */
export async function appendAudit(db: Db, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      staff_id: record.staffId,
      action: record.action,
      subject_id: record.subjectId,
      reason: record.reason ?? null,
    })
    .execute();
}

/** Newest first, `STAFF_PAGE_SIZE` at a time, before the entry `beforeId`. */
export async function listAudit(db: Db, beforeId?: number) {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('profiles as sp', 'sp.member_id', 'a.staff_id')
    .leftJoin('profiles as tp', 'tp.member_id', 'a.subject_id')
    .select([
      'a.id',
      'a.at',
      'a.staff_id',
      'sp.name as staff_name',
      'a.action',
      'a.subject_id',
      'tp.name as subject_name',
      'a.reason',
    ])
    .orderBy('a.id', 'desc')
    .limit(STAFF_PAGE_SIZE);
  if (beforeId !== undefined) query = query.where('a.id', '<', beforeId);
  return query.execute();
}

/** Removes entries past their two years (the only removal the table's trigger lets through). */
export async function pruneAuditLog(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000);
  const result = await db.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
