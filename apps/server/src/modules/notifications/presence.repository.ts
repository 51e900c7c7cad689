import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A tab that has not said anything for this long is treated as gone (its instance died). */
export const PRESENCE_STALE_SECONDS = 120;

export async function openPresence(
  db: Db,
  page: { id: string; memberId: number; sessionId: string },
): Promise<void> {
  await db
    .insertInto('page_presence')
    .values({ id: page.id, member_id: page.memberId, session_id: page.sessionId })
    .execute();
}

/** What the tab now shows: visible or not, and which conversation (null: none). */
export async function updatePresence(
  db: Db,
  id: string,
  state: { visible?: boolean; conversationId?: number | null },
): Promise<void> {
  await db
    .updateTable('page_presence')
    .set({
      ...(state.visible !== undefined && { visible: state.visible }),
      ...(state.conversationId !== undefined && { conversation_id: state.conversationId }),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function closePresence(db: Db, id: string): Promise<void> {
  await db.deleteFrom('page_presence').where('id', '=', id).execute();
}

/** `POST /api/page-hidden.php`: the session's pages are hidden now. */
export async function hideSessionPages(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable('page_presence')
    .set({ visible: false, updated_at: sql<Date>`now()` })
    .where('session_id', '=', sessionId)
    .execute();
}

/**
 * Whether the member has a visible page open (on any instance): on the given conversation,
 * or, without one, anywhere in the app.
 */
export async function isLooking(
  db: Db,
  memberId: number,
  conversationId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('page_presence')
    .select('id')
    .where('member_id', '=', memberId)
    .where('visible', '=', true)
    .where('updated_at', '>', sql<Date>`now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})`);
  if (conversationId !== undefined) query = query.where('conversation_id', '=', conversationId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
