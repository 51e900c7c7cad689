import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, OutboxTable } from '../../db/schema.js';
import { withGreeting } from './mail-greeting.js';
import type { MailPayload, MailTemplateName } from './mail-templates.js';

type Db = Kysely<Database> | Transaction<Database>;
export type OutboxJob = Selectable<OutboxTable>;

/**
 * Queues a mail; written through the caller's transaction, so it exists only if that commits.
 * The greeting names the member only at an address they confirmed (`withGreeting`):
 * `recipientId` is the member the address belongs to when the row is not tied to them
 * (`memberId` null: the goodbye mail).
 */
export async function enqueueMail(
  db: Db,
  job: { memberId: number | null; payload: MailPayload; recipientId?: number },
): Promise<number> {
  const payload = await withGreeting(db, job.payload, job.recipientId ?? job.memberId);
  const row = await db
    .insertInto('outbox')
    .values({ kind: 'mail', member_id: job.memberId, payload: JSON.stringify(payload) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the newest mail of this template to this member has been sent. */
export async function newestMailSent(
  db: Db,
  memberId: number,
  template: MailTemplateName,
): Promise<boolean> {
  const row = await db
    .selectFrom('outbox')
    .select('status')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'mail')
    .where(sql<string>`payload->>'template'`, '=', template)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.status === 'sent';
}

/** The newest mails, for the development mailbox. */
export async function listRecentMails(db: Db, limit: number): Promise<OutboxJob[]> {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', 'mail')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findMail(db: Db, id: number): Promise<OutboxJob | undefined> {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', 'mail')
    .where('id', '=', id)
    .executeTakeFirst();
}
