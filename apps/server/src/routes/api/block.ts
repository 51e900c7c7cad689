import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  blockBodySchema,
  blockResponseSchema,
  blocksResponseSchema,
} from '@amora/shared/schemas/safety';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockedProfiles,
  blockMember,
  unblockMember,
} from '../../modules/safety/blocks.service.js';

const BLOCK_EFFECT =
  'After A blocks B nothing passes between them, in either direction: each one’s ' +
  'profile, chat start and like answer the other 404 member_not_found, a message in ' +
  'their conversation 403 blocked; neither is listed in the other’s search, similar ' +
  'profiles, likes, chats or notifications, nothing between them counts in a badge, ' +
  'push or digest. B is never told.';

export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/block.php',
    {
      schema: {
        summary: 'Block a member',
        description:
          `${BLOCK_EFFECT} Idempotent. 400 cannot_block_self; 404 member_not_found for an ` +
          'id that never was a member (one who left or was banned can be blocked); 403 ' +
          'not_logged_in.',
        body: blockBodySchema,
        response: {
          200: blockResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      await blockMember(app.db, app.requireMember(request), request.body.profile);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/block.php',
    {
      schema: {
        summary: 'Unblock a member',
        description:
          'Idempotent. What the block hid comes back, the conversation with its whole history.',
        body: blockBodySchema,
        response: { 200: blockResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      await unblockMember(app.db, app.requireMember(request), request.body.profile);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/blocks.php',
    {
      schema: {
        summary: 'The members the logged-in member blocked, most recent first',
        description: 'Members who have left since are not listed.',
        response: { 200: blocksResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({ profiles: await blockedProfiles(app.db, app.requireMember(request)) }),
  );
};
