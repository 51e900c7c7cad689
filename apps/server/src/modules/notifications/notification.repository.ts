import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { noBlockBetween } from '../members/blocks.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A new like: one unread notification per liker (liking, unliking and liking again adds none). */
export async function addLikeNotification(db: Db, memberId: number, likerId: number) {
  const unread = await db
    .selectFrom('notifications')
    .select('id')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'like')
    .where('actor_id', '=', likerId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  if (unread) return;
  await db
    .insertInto('notifications')
    .values({ member_id: memberId, kind: 'like', actor_id: likerId })
    .execute();
}

/** A new message: the conversation's unread notification counts it, or a new one starts. */
export async function addMessageNotification(
  db: Db,
  memberId: number,
  senderId: number,
  conversationId: number,
) {
  const updated = await db
    .updateTable('notifications')
    .set({ count: sql<number>`count + 1`, created_at: sql<Date>`now()`, actor_id: senderId })
    .where('member_id', '=', memberId)
    .where('kind', '=', 'message')
    .where('conversation_id', '=', conversationId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) return;
  await db
    .insertInto('notifications')
    .values({
      member_id: memberId,
      kind: 'message',
      actor_id: senderId,
      conversation_id: conversationId,
    })
    .execute();
}

/** An account notice (e-mail or password changed). */
export async function addAccountNotice(db: Db, memberId: number, notice: string, detail?: string) {
  await db
    .insertInto('notifications')
    .values({
      member_id: memberId,
      kind: 'account',
      data: JSON.stringify(detail === undefined ? { notice } : { notice, detail }),
    })
    .execute();
}

/** Notifications about a member blocked either way are neither listed nor counted. */
const aboutNoBlockedMember = (memberId: number) =>
  noBlockBetween(memberId, sql.ref('notifications.actor_id'));

export async function listNotifications(
  db: Db,
  memberId: number,
  options: { limit: number; beforeId?: number },
) {
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .where('member_id', '=', memberId)
    .where(aboutNoBlockedMember(memberId))
    .orderBy('id', 'desc')
    .limit(options.limit + 1);
  if (options.beforeId !== undefined) query = query.where('id', '<', options.beforeId);
  const rows = await query.execute();
  return { rows: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
}

export async function countUnread(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .where(aboutNoBlockedMember(memberId))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The update that marks a member's unread notifications read; callers narrow it down. */
const markUnreadRead = (db: Db, memberId: number) =>
  db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null);

/** Marks the member's notifications read: the given ids (others' ids are ignored) or all. */
export async function markNotificationsRead(
  db: Db,
  memberId: number,
  which: { ids: readonly number[] } | { all: true },
): Promise<number> {
  let query = markUnreadRead(db, memberId);
  if ('ids' in which) query = query.where('id', 'in', [...which.ids]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Reading a conversation or viewing a liker's profile settles what it was about. */
export async function markReadAbout(
  db: Db,
  memberId: number,
  about: { conversationId: number } | { likerId: number },
): Promise<number> {
  const unread = markUnreadRead(db, memberId);
  const query =
    'conversationId' in about
      ? unread.where('kind', '=', 'message').where('conversation_id', '=', about.conversationId)
      : unread.where('kind', '=', 'like').where('actor_id', '=', about.likerId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
