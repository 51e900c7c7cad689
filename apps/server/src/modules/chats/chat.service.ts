import type { ChatItem } from '@amora/shared/schemas/chat';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findProfiles } from '../members/profile.repository.js';
import { toChatProfile } from '../members/profile-view.js';
import { readStoredSettings } from '../site/site.repository.js';
import { listChats } from './chat.repository.js';

/**
 * The chats list of spec section 3 for the logged-in member. A member others may no longer
 * see (deleted or banned account) keeps their conversations, shown as a deleted member.
 */
export async function chatsFor(db: Kysely<Database>, memberId: number): Promise<ChatItem[]> {
  const [rows, settings] = await Promise.all([listChats(db, memberId), readStoredSettings(db)]);
  const profiles = await findProfiles(db, [...new Set(rows.map((r) => r.otherMemberId))], {
    visibleOnly: true,
    viewerId: memberId,
  });
  const today = new Date();
  return rows.map((row) => {
    const record = profiles.get(row.otherMemberId);
    const last = row.lastMessage;
    return {
      conversation: { id: row.conversationId, last_activity_at: row.lastActivityAt.toISOString() },
      profile: toChatProfile(row.otherMemberId, record, settings, today),
      num_unread_messages: row.numUnread,
      last_message: last && {
        id: last.id,
        conversation: row.conversationId,
        sender: last.senderId,
        text: last.text,
        created_at: last.createdAt.toISOString(),
        ...(last.held && { held: true }),
        ...(last.removed && { removed: true }),
      },
    };
  });
}
