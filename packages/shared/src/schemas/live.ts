import { z } from 'zod';
import { LIVE_PATH } from '../rules/live-path.js';
import { messageSchema } from './chat.js';

/**
 * What the live channel (`/api/live.php`, a WebSocket) tells a member's open tabs. Each
 * event says what changed; the app updates or refetches that part. Polling stays the
 * fallback, so a missed event only delays an update.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  /** A new message in one of the member's conversations (sent by either side). */
  z.object({ type: z.literal('message'), message: messageSchema }),
  /** The other member read a conversation up to `message` (the read state). */
  z.object({
    type: z.literal('read'),
    conversation: z.number().int(),
    reader: z.number().int(),
    message: z.number().int(),
  }),
  /**
   * A tab of the recipient received or fetched my messages up to `message` (issue 49): the
   * delivered mark, a high-water mark like read's.
   */
  z.object({
    type: z.literal('delivered'),
    conversation: z.number().int(),
    recipient: z.number().int(),
    message: z.number().int(),
  }),
  /** `member`, the other participant, is typing in `conversation` (shown for a few seconds). */
  z.object({
    type: z.literal('typing'),
    conversation: z.number().int(),
    member: z.number().int(),
  }),
  /** Its sender unsent `message`: its text is gone, both sides show "message removed". */
  z.object({
    type: z.literal('message_removed'),
    conversation: z.number().int(),
    message: z.number().int(),
  }),
  /** The chats list changed otherwise (a chat removed or restored). */
  z.object({ type: z.literal('chats') }),
  /** Likes given or received changed. */
  z.object({ type: z.literal('likes') }),
  /** The member's own account changed (credits, profile, paid state). */
  z.object({ type: z.literal('user') }),
  /** The notifications list or its unread count changed. */
  z.object({ type: z.literal('notifications') }),
  /** Staff banned the member: every open tab goes to /pages/ban (the sessions end next). */
  z.object({ type: z.literal('banned') }),
  /** A tab of this login went hidden: each open tab says again whether it is visible. */
  z.object({ type: z.literal('report_presence') }),
  /**
   * The server listens again after losing its database (a restart): events of that time
   * were lost, so the tab fetches again what it shows (chats, the open conversation,
   * notifications), as after its own reconnect.
   */
  z.object({ type: z.literal('resync') }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

export { LIVE_PATH };

/**
 * What a tab tells the server over the live channel: whether it is visible and which
 * conversation it shows, so pushes hold back for what the member is looking at.
 */
export const livePresenceSchema = z.object({
  type: z.literal('presence'),
  visible: z.boolean(),
  conversation: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
});
export type LivePresence = z.infer<typeof livePresenceSchema>;

const frameIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * The tab's member is typing in `conversation` (issue 49): sent at most every
 * TYPING_SEND_EVERY_MS, passed to the other participant only, never stored.
 */
export const liveTypingSchema = z.object({
  type: z.literal('typing'),
  conversation: frameIdSchema,
});

/** The tab received `message` live (issue 49): it counts as delivered to its recipient. */
export const liveAckSchema = z.object({ type: z.literal('ack'), message: frameIdSchema });

/** Every frame a tab may send over the live channel; anything else is ignored. */
export const liveClientFrameSchema = z.discriminatedUnion('type', [
  livePresenceSchema,
  liveTypingSchema,
  liveAckSchema,
]);
export type LiveClientFrame = z.infer<typeof liveClientFrameSchema>;
