import type { LiveEvent } from '@amora/shared/schemas/live';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The NOTIFY channel every app instance listens on. */
export const LIVE_CHANNEL = 'amora_live';

/**
 * What travels through NOTIFY: an event for some members, sessions that ended, or members
 * whose circle (conversations, blocks) changed, which their sockets load again and the
 * browser never hears of (a blocked member is not told).
 */
export type LiveNotice = (
  | { to: number[]; event: LiveEvent }
  | { sessionsEnded: string[] }
  | { circleChanged: number[] }
) & {
  /** When it was sent (ms since the epoch), for the live-lag series; 14 bytes of the cap. */
  at?: number;
};

/** NOTIFY carries at most 8000 bytes (with room for `at`); a bigger notice is sent as a hint to refetch. */
const MAX_PAYLOAD = 7900;

async function notify(db: Kysely<Database> | Transaction<Database>, notice: LiveNotice) {
  await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ ...notice, at: Date.now() })})`.execute(
    db,
  );
}

/**
 * Tells the members' open tabs, on every app instance, about `event`. Inside a transaction
 * PostgreSQL delivers it at commit and drops it on rollback, so a tab never hears of a
 * message that was not stored.
 */
export async function notifyMembers(
  db: Kysely<Database> | Transaction<Database>,
  memberIds: readonly number[],
  event: LiveEvent,
): Promise<void> {
  const to = [...new Set(memberIds)];
  if (to.length === 0) return;
  const notice: LiveNotice = { to, event };
  if (Buffer.byteLength(JSON.stringify(notice)) <= MAX_PAYLOAD) return notify(db, notice);
  // Only a message can be this long: say there is one, the app loads it.
  return notify(db, { to, event: { type: 'chats' } });
}

/** Closes the live channels of sessions that ended (logout, password reset, deletion). */
export async function notifySessionsEnded(
  db: Kysely<Database> | Transaction<Database>,
  sessionIds: readonly string[],
): Promise<void> {
  // Session ids are 64 hex characters: about 100 fit in one notice.
  for (let i = 0; i < sessionIds.length; i += 100) {
    await notify(db, { sessionsEnded: sessionIds.slice(i, i + 100) });
  }
}

/**
 * Tells the live channels of these members, on every instance, that who they may reach
 * changed (a block made or lifted): what each socket keeps to check typing frames against
 * is loaded again (issue 49). Nothing reaches the browser.
 */
export async function notifyCircleChanged(
  db: Kysely<Database> | Transaction<Database>,
  memberIds: readonly number[],
): Promise<void> {
  await notify(db, { circleChanged: [...new Set(memberIds)] });
}
