import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  chatDeleteBodySchema,
  chatDeleteQuerySchema,
  chatStartQuerySchema,
  chatStartResponseSchema,
} from '@amora/shared/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { refuseOtherSites } from '../../lib/fetch-site.js';
import { removeChat, startChat } from '../../modules/chats/message.service.js';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/chat.php',
    {
      schema: {
        summary: 'Start a chat with a member (or find the existing one)',
        description:
          'Answers { id } of the conversation with `profile`, creating it on first use: the ' +
          'same id every time. A conversation the caller removed comes back in their list. ' +
          '400 cannot_chat_self; 404 member_not_found for an unknown, deleted, banned or ' +
          'unactivated member, or one blocked either way; 403 not_logged_in when nobody is logged in; 403 ' +
          'not_activated when a caller who has not confirmed their e-mail address would ' +
          'start a new conversation (one that exists opens); 403 verification_required when ' +
          'an unverified caller would start one with a member who lets only verified members ' +
          'write (settings.verified_contact_only); 403 cross_origin when the ' +
          'browser says the request came from another site (`Sec-Fetch-Site`). Until a ' +
          'message is sent, the conversation shows only in the list of whoever opened it.',
        querystring: chatStartQuerySchema,
        response: {
          200: chatStartResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
      onRequest: refuseOtherSites,
    },
    async (request) => ({
      id: await startChat(app.db, app.requireMember(request), request.query.profile),
    }),
  );

  app.delete(
    '/api/chat.php',
    {
      schema: {
        summary: "Remove a chat from the caller's list",
        description:
          'The conversation id comes in the JSON body `{ conversation }` or as ' +
          '`?conversation=`. Only the caller’s list changes: the other member keeps the ' +
          'conversation, and it comes back for the caller with new activity. 403 ' +
          'not_in_conversation for a conversation the caller is not in.',
        querystring: chatDeleteQuerySchema,
        body: chatDeleteBodySchema,
        response: {
          200: z.object({ ok: z.literal(true) }),
          400: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const memberId = app.requireMember(request);
      const fromBody = request.body?.conversation;
      const fromQuery = request.query.conversation;
      if (fromBody !== undefined && fromQuery !== undefined && fromBody !== fromQuery) {
        throw badRequest('conversation_mismatch', 'The body and the query name different chats');
      }
      const conversation = fromBody ?? fromQuery;
      if (conversation === undefined) {
        throw badRequest('missing_conversation', 'Say which chat to remove', {
          conversation: 'Value is required',
        });
      }
      await removeChat(app.db, memberId, conversation);
      return { ok: true as const };
    },
  );
};
