import type { Insertable, Kysely, Transaction } from 'kysely';
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
