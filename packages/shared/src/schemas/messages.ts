import { z } from 'zod';
import { chatProfileSchema, messageSchema } from './chat.js';
import { clientIdSchema, idSchema } from './common.js';
import { validationMessage } from './validation-messages.js';

/** Longest message a member can send, in characters. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Messages per page of a conversation's history. */
export const MESSAGES_PAGE_SIZE = 30;

/** A conversation id in a JSON body: a plain positive integer, never coerced. */
const bodyIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `GET /api/chat.php?profile=ID`: start (or find) the conversation with a member. */
export const chatStartQuerySchema = z.object({ profile: idSchema });
export const chatStartResponseSchema = z.object({ id: z.number().int() });

/** `DELETE /api/chat.php`: the conversation to remove from the list, body or `?conversation=`. */
export const chatDeleteBodySchema = z.object({ conversation: bodyIdSchema.optional() }).nullish();
export const chatDeleteQuerySchema = z.object({ conversation: idSchema.optional() });

/** `GET /api/messages.php`: a page of history, newest page first; `before` pages back. */
export const messagesQuerySchema = z.object({
  conversation: idSchema,
  before: idSchema.optional(),
});

export const conversationSchema = z.object({
  id: z.number().int(),
  /** The newest of my messages the other member has read (0: none yet). */
  other_read_up_to: z.number().int(),
  /**
   * The newest of my messages a tab of the other member received (acknowledged its live
   * frame) or fetched (0: none yet); never below `other_read_up_to` (issue 49).
   */
  other_delivered_up_to: z.number().int(),
});

export const messagesResponseSchema = z.object({
  conversation: conversationSchema,
  profile: chatProfileSchema,
  /** Oldest first within the page. */
  messages: z.array(messageSchema),
  /** Whether older messages exist before this page. */
  has_more: z.boolean(),
});
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

/** The text of a message: plain text (never HTML), trimmed, 1 to MESSAGE_MAX_LENGTH long. */
export const messageTextSchema = z
  .string({ error: validationMessage('validation.required') })
  .trim()
  .min(1, validationMessage('validation.required'))
  .max(MESSAGE_MAX_LENGTH, validationMessage('validation.max_length', { max: MESSAGE_MAX_LENGTH }));

/** `POST /api/messages.php`. */
export const sendMessageBodySchema = z.object({
  conversation: bodyIdSchema,
  text: messageTextSchema,
  client_id: clientIdSchema.optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/**
 * The stored message and the sender's balance after paying for it; 202 with
 * `message.held` true when the message waits for review (issue 17).
 */
export const sendMessageResponseSchema = z.object({
  message: messageSchema,
  credits: z.number().int(),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** `DELETE /api/messages.php`: the message to unsend, body `{ message }` or `?message=`. */
export const unsendBodySchema = z.object({ message: bodyIdSchema.optional() }).nullish();
export const unsendQuerySchema = z.object({ message: idSchema.optional() });

/** The unsent message as its sender now sees it: `removed` true, `text` empty. */
export const unsendResponseSchema = z.object({ message: messageSchema });
export type UnsendResponse = z.infer<typeof unsendResponseSchema>;
