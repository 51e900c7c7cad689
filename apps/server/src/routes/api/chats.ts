import { chatsResponseSchema } from '@amora/shared/schemas/chat';
import { apiErrorSchema } from '@amora/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatsFor } from '../../modules/chats/chat.service.js';

export const chatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/chats.php',
    {
      schema: {
        summary: "The logged-in member's conversations, newest activity first",
        description:
          'A conversation with a member blocked either way (POST /api/block.php) is left ' +
          'out, unread messages and all; unblocking brings it back with its history.',
        response: { 200: chatsResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({ chats: await chatsFor(app.db, app.requireMember(request)) }),
  );
};
