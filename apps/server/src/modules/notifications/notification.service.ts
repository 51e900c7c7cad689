import {
  ACCOUNT_NOTICES,
  type MarkNotificationsRead,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationsResponse,
} from '@amora/shared/schemas/notifications';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notifyMembers } from '../live/live-notify.js';
import { findProfiles } from '../members/profile.repository.js';
import { toChatProfile } from '../members/profile-view.js';
import { readStoredSettings } from '../site/site.repository.js';
import {
  countUnread,
  listNotifications,
  markNotificationsRead,
} from './notification.repository.js';

type Notice = (typeof ACCOUNT_NOTICES)[number];
const isNotice = (value: unknown): value is Notice =>
  (ACCOUNT_NOTICES as readonly unknown[]).includes(value);

/** `GET /api/notifications.php`: newest first, with who caused each one. */
export async function notificationsFor(
  db: Kysely<Database>,
  memberId: number,
  before?: number,
): Promise<NotificationsResponse> {
  const [{ rows, hasMore }, unread, settings] = await Promise.all([
    listNotifications(db, memberId, {
      limit: NOTIFICATIONS_PAGE_SIZE,
      ...(before !== undefined && { beforeId: before }),
    }),
    countUnread(db, memberId),
    readStoredSettings(db),
  ]);
  const actorIds = [...new Set(rows.flatMap((row) => (row.actor_id ? [row.actor_id] : [])))];
  const profiles = await findProfiles(db, actorIds, { visibleOnly: true, viewerId: memberId });
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      created_at: row.created_at.toISOString(),
      read: row.read_at !== null,
      count: row.count,
      actor: row.actor_id
        ? toChatProfile(row.actor_id, profiles.get(row.actor_id), settings)
        : null,
      conversation: row.conversation_id,
      notice: isNotice(row.data.notice) ? row.data.notice : null,
      detail: typeof row.data.detail === 'string' ? row.data.detail : null,
    })),
    has_more: hasMore,
    unread,
  };
}

/** `POST /api/notifications.php`: marks read, tells the member's other tabs; answers the unread count. */
export async function markRead(
  db: Kysely<Database>,
  memberId: number,
  which: MarkNotificationsRead,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if ((await markNotificationsRead(trx, memberId, which)) > 0) {
      await notifyMembers(trx, [memberId], { type: 'notifications' });
    }
    return countUnread(trx, memberId);
  });
}
