import { z } from 'zod';
import { publicProfileSchema } from './profile.js';

export const messageSchema = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  sender: z.number().int(),
  text: z.string(),
  created_at: z.string(),
  /**
   * Only on the sender's own messages held for review (issue 17): stored, charged, not
   * delivered; the other member never sees them unless staff let them through.
   */
  held: z.boolean().optional(),
  /** The demo's automatic reply of a fictional member (demo mode only): the chat says so. */
  demo_reply: z.boolean().optional(),
  /**
   * The key its sender sent it with (issue 44): only in the sender's own answers, pages and
   * live events, never the other member's, so the app matches it to the message it showed.
   */
  client_id: z.string().optional(),
  /**
   * Its sender unsent it (issue 49): `text` is empty for both members; the app shows
   * "message removed" in its place.
   */
  removed: z.boolean().optional(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * The other member of a conversation. `deleted` is true when others may no longer see
 * them (a deleted or blocked account): the conversation stays, the profile keeps only its
 * id and everything else is empty, and the app shows "Deleted member" (docs/decisions/013).
 */
export const chatProfileSchema = publicProfileSchema.extend({
  deleted: z.boolean(),
});
export type ChatProfile = z.infer<typeof chatProfileSchema>;

/** One conversation in the chats list (spec section 3). */
export const chatItemSchema = z.object({
  conversation: z.object({ id: z.number().int(), last_activity_at: z.string() }),
  profile: chatProfileSchema,
  num_unread_messages: z.number().int().min(0),
  last_message: messageSchema.nullable(),
});
export type ChatItem = z.infer<typeof chatItemSchema>;

export const chatsResponseSchema = z.object({ chats: z.array(chatItemSchema) });
export type ChatsResponse = z.infer<typeof chatsResponseSchema>;
