import type { Insertable } from 'kysely';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, ServiceRequestsTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertServiceRequest(
  db: Db,
  request: Insertable<ServiceRequestsTable>,
): Promise<number> {
  const row = await db
    .insertInto('service_requests')
    .values(request)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Requests sent from one address within the last hour (the form's limit). */
export async function countRecentFromIp(db: Db, ip: string): Promise<number> {
  const row = await db
    .selectFrom('service_requests')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return row.n;
}
