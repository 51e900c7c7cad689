import {
  type HeldActionBody,
  type HeldMessage,
  STAFF_PAGE_SIZE,
} from '@amora/shared/schemas/staff';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { toMessage } from '../chats/message.service.js';
import { notifyMembers } from '../live/live-notify.js';
import { isBlockedBetween, noBlockBetween } from '../members/blocks.repository.js';
import { onNewMessage } from '../notifications/member-events.js';
import { appendAudit } from './audit-log.repository.js';
import { banInTransaction, type StaffActor } from './member-actions.service.js';

/** The other member of a message's conversation. */
const recipientOf = sql<number>`case when c.member_low = m.sender_id then c.member_high else c.member_low end`;

/**
 * `GET /api/admin/held.php`: messages the duplicate-text brake held, oldest first, each with
 * whether a block now stands between its sender and recipient (either way).
 */
export async function listHeldMessages(
  db: Kysely<Database>,
  after?: number,
): Promise<HeldMessage[]> {
  let query = db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('members as s', 's.id', 'm.sender_id')
    .leftJoin('profiles as sp', 'sp.member_id', 'm.sender_id')
    .leftJoin('profiles as rp', (join) => join.on('rp.member_id', '=', recipientOf))
    .select([
      'm.id',
      'm.sender_id',
      'sp.name as sender_name',
      recipientOf.as('recipient_id'),
      'rp.name as recipient_name',
      'm.text',
      'm.created_at',
      sql<boolean>`not ${noBlockBetween(sql.ref('m.sender_id'), recipientOf)}`.as('blocked'),
    ])
    .where('m.status', '=', 'held')
    // Unsent by its sender (issue 49): nothing is left to decide on.
    .where('m.removed_at', 'is', null)
    // A banned sender's held messages stay held; the queue is for deciding.
    .where('s.status', '=', 'active')
    .orderBy('m.id')
    .limit(STAFF_PAGE_SIZE);
  if (after !== undefined) query = query.where('m.id', '>', after);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    sender: { id: row.sender_id, name: row.sender_name },
    recipient: { id: row.recipient_id, name: row.recipient_name },
    text: row.text,
    at: row.created_at.toISOString(),
    blocked: row.blocked,
  }));
}

/**
 * `POST /api/admin/held.php`: release delivers the message now (live event, notification
 * and push, as when sent); ban bans its sender, whose held messages then never arrive.
 * Between members one of whom has since blocked the other, release only stores the message
 * as sent: a send between them would have been refused (403 `blocked`), and nothing passes
 * between a blocked pair, so nobody hears of it; an unblock brings it back with the history.
 */
export async function actOnHeldMessage(
  db: Kysely<Database>,
  actor: StaffActor,
  body: HeldActionBody,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .selectAll('m')
      .select(recipientOf.as('recipient_id'))
      .where('m.id', '=', body.message)
      .where('m.status', '=', 'held')
      .where('m.removed_at', 'is', null)
      .forUpdate('m')
      .executeTakeFirst();
    if (!held) throw notFound('message_not_found', 'No such held message');
    if (body.action === 'ban') {
      await banInTransaction(trx, actor, held.sender_id, body.reason ?? '');
      return;
    }
    const released = await trx
      .updateTable('messages')
      .set({ status: 'sent' })
      .where('id', '=', held.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const message = toMessage(released);
    if (!(await isBlockedBetween(trx, held.sender_id, held.recipient_id))) {
      await notifyMembers(trx, [held.sender_id, held.recipient_id], { type: 'message', message });
      await onNewMessage(trx, held.recipient_id, message);
    }
    await trx
      .updateTable('conversations')
      .set({ last_activity_at: sql<Date>`greatest(last_activity_at, now())` })
      .where('id', '=', held.conversation_id)
      .execute();
    await appendAudit(trx, {
      staffId: actor.staffId,
      action: 'message.release',
      subjectId: held.sender_id,
    });
  });
}
