import { z } from 'zod';
import { chatProfileSchema } from './chat.js';
import { idSchema } from './common.js';

/** Notifications per page on /notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Account notices a member is told about. */
export const ACCOUNT_NOTICES = [
  'email_changed',
  'password_changed',
  'staff_warning',
  'photo_rejected',
] as const;
export type AccountNotice = (typeof ACCOUNT_NOTICES)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['like', 'message', 'account']),
  created_at: z.string(),
  read: z.boolean(),
  /** How many messages a message notification gathers. */
  count: z.number().int().min(1),
  /** Who liked or wrote (a deleted member shows as deleted); null for account notices. */
  actor: chatProfileSchema.nullable(),
  conversation: z.number().int().nullable(),
  notice: z.enum(ACCOUNT_NOTICES).nullable(),
  /** A staff warning's text as written, or why staff rejected a photo (a reason code). */
  detail: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({ before: idSchema.optional() });

/** `GET /api/notifications.php`: newest first, paged back with `before`. */
export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  has_more: z.boolean(),
  unread: z.number().int().min(0),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

const bodyId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `POST /api/notifications.php`: mark some (`ids`) or all (`all: true`) as read. */
export const markNotificationsReadSchema = z.union([
  z.object({ ids: z.array(bodyId).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

export const unreadNotificationsSchema = z.object({ unread: z.number().int().min(0) });
