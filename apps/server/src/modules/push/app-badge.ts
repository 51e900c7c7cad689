import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { listChats } from '../chats/chat.repository.js';
import { countNewLikesListed } from '../likes/like.repository.js';

/**
 * The app icon's badge that a push carries: what `badgeCount` (packages/shared) makes of the
 * member's chats and likes lists, read from the same queries those lists are made of, so a
 * push never shows another number than the open app (spec section 1).
 */
export async function appBadge(db: Kysely<Database>, memberId: number): Promise<number> {
  const [chats, newLikes] = await Promise.all([
    listChats(db, memberId),
    countNewLikesListed(db, memberId),
  ]);
  return chats.reduce((sum, chat) => sum + chat.numUnread, 0) + newLikes;
}
