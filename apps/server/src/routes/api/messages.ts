import { UNSEND_WINDOW_MINUTES } from '@amora/shared/rules/chat-live-signs';
import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_SIZE,
  messagesQuerySchema,
  messagesResponseSchema,
  sendMessageBodySchema,
  sendMessageResponseSchema,
  unsendBodySchema,
  unsendQuerySchema,
  unsendResponseSchema,
} from '@amora/shared/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import {
  conversationPage,
  sendMessage,
  unsendMessage,
} from '../../modules/chats/message.service.js';

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/messages.php',
    {
      schema: {
        summary: 'A page of a conversation',
        description:
          `Up to ${MESSAGES_PAGE_SIZE} messages, oldest first within the page: the newest ` +
          'page, or the one before message `before`. Reading the newest page marks the ' +
          'conversation read for the caller, and delivered: `conversation.other_read_up_to` ' +
          'and `conversation.other_delivered_up_to` are the newest of the caller’s messages ' +
          'the other member read and received (delivered never below read; 0: none). A ' +
          'message its sender unsent has `removed: true` and an empty `text`. ' +
          '403 not_in_conversation unless the caller is one ' +
          'of its two members. `profile.deleted` is true when the other member is gone, ' +
          'and while either blocked the other: then the history is shown as it was and ' +
          'nothing is marked read or delivered.',
        querystring: messagesQuerySchema,
        response: { 200: messagesResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => conversationPage(app.db, app.requireMember(request), request.query),
  );

  app.post(
    '/api/messages.php',
    {
      schema: {
        summary: 'Send a message',
        description:
          `Plain text, 1 to ${MESSAGE_MAX_LENGTH} characters after trimming (kept as text, ` +
          'never HTML). Members who are not paid pay credits per message (MESSAGE_CREDITS, ' +
          'per country MESSAGE_CREDITS_BY_COUNTRY); answers { message, credits } with the new ' +
          'balance. Refusals in this order: 403 not_logged_in; 403 not_in_conversation; ' +
          '403 blocked when either member blocked the other; 410 member_gone when the other member deleted their account; 403 not_activated ' +
          'while the sender has not confirmed their e-mail address; 403 verification_required ' +
          'when the sender is not verified and the other member lets only verified members ' +
          'write (settings.verified_contact_only), unless that member started the conversation; 402 ' +
          '`credits_owed` while a refund left credits owed, 402 insufficient_credits when the ' +
          'balance is short (nothing is stored). 429 conversation_limit (with `retry_at` and Retry-After) when a member who ' +
          'signed up less than 24 hours ago would start more new conversations (a first ' +
          'message to someone who has not written to them) than NEW_MEMBER_CONVERSATIONS_' +
          'PER_HOUR in an hour or _PER_DAY in that day; replies are never braked. 202 with ' +
          '`message.held` true when the same text (ignoring case, spacing and digits) went ' +
          'from the sender to DUPLICATE_TEXT_RECIPIENTS or more other members within 60 ' +
          'minutes: stored and charged, shown to the sender as waiting for review, not ' +
          'delivered. ' +
          '`client_id` (optional, a UUID the client makes per message): the same member ' +
          'sending it again, from any conversation, gets what the first call stored, the same ' +
          'message (200 with the same `id`, or 202 again if it was held) and `credits` as the ' +
          'balance is now; nothing is charged, delivered or notified twice, also across ' +
          'instances and after a crash between the commit and the answer. The same key with ' +
          'another conversation or text: 409 `client_id_reused`. A refusal stores nothing, so ' +
          'the key can be sent again (after buying credits, say). The message carries ' +
          '`client_id` to its sender (this answer, their pages and their own live events), ' +
          'never to the recipient.',
        body: sendMessageBodySchema,
        response: {
          200: sendMessageResponseSchema,
          202: sendMessageResponseSchema,
          400: apiErrorSchema,
          402: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          410: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const memberId = app.requireMember(request);
      const { repeated, ...sent } = await sendMessage(app.db, app.config, memberId, request.body);
      if (sent.message.held) reply.code(202);
      else if (!repeated) app.demoReply?.({ conversationId: sent.message.conversation, memberId });
      return sent;
    },
  );

  app.delete(
    '/api/messages.php',
    {
      schema: {
        summary: 'Unsend a message',
        description:
          `The sender takes a message back within ${UNSEND_WINDOW_MINUTES} minutes of sending ` +
          'it: its text is removed for both members, who see "message removed" live ' +
          '({ type: "message_removed", conversation, message }); the chat list and pushes ' +
          'show "message removed" too. The message keeps its place and id; credits are not ' +
          'returned; a report filed earlier keeps its copy of the text. The message id comes ' +
          'in the JSON body `{ message }` or as `?message=`. Answers { message } with ' +
          '`removed: true` and an empty `text`; unsending it again answers the same. ' +
          '400 missing_message or message_mismatch; 403 not_logged_in; 404 not_found for ' +
          `someone else's or an unknown message; 409 unsend_window_closed after ` +
          `${UNSEND_WINDOW_MINUTES} minutes.`,
        querystring: unsendQuerySchema,
        body: unsendBodySchema,
        response: {
          200: unsendResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const memberId = app.requireMember(request);
      const fromBody = request.body?.message;
      const fromQuery = request.query.message;
      if (fromBody !== undefined && fromQuery !== undefined && fromBody !== fromQuery) {
        throw badRequest('message_mismatch', 'The body and the query name different messages');
      }
      const message = fromBody ?? fromQuery;
      if (message === undefined) {
        throw badRequest('missing_message', 'Say which message to unsend', {
          message: 'Value is required',
        });
      }
      return unsendMessage(app.db, memberId, message);
    },
  );
};
