import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  likeBodySchema,
  likeStateResponseSchema,
  unlikeBodySchema,
  unlikeQuerySchema,
} from '@amora/shared/schemas/like-actions';
import { likesResponseSchema } from '@amora/shared/schemas/likes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import { likeMember, likesFor, unlikeMember } from '../../modules/likes/like.service.js';

export const likesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/likes.php',
    {
      schema: {
        summary: 'Members the logged-in member liked, and members who liked them (new first)',
        description:
          'Members blocked either way (POST /api/block.php) are listed in neither list, so ' +
          'their likes count in no badge.',
        response: { 200: likesResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request) => likesFor(app.db, app.requireMember(request)),
  );

  app.post(
    '/api/likes.php',
    {
      schema: {
        summary: 'Like a member',
        description:
          'Idempotent: liking again keeps the one like and its original date. 400 ' +
          'cannot_like_self; 404 member_not_found for an unknown, deleted, banned or ' +
          'unactivated member, or one blocked either way; 403 not_logged_in when nobody is logged in, and 403 ' +
          'not_activated while the caller has not confirmed their e-mail address.',
        body: likeBodySchema,
        response: {
          200: likeStateResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const memberId = app.requireMember(request);
      await likeMember(app.db, memberId, request.body.profile);
      return { liked: true };
    },
  );

  app.delete(
    '/api/likes.php',
    {
      schema: {
        summary: 'Remove a like',
        description:
          'The member id comes in the JSON body `{ profile }` or as `?profile=` (400 ' +
          'missing_profile without either, profile_mismatch when they differ). Idempotent: ' +
          'removing a like that does not exist answers the same. A member blocked either ' +
          'way is not told (no live hint).',
        querystring: unlikeQuerySchema,
        body: unlikeBodySchema,
        response: { 200: likeStateResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const memberId = app.requireMember(request);
      const fromBody = request.body?.profile;
      const fromQuery = request.query.profile;
      if (fromBody !== undefined && fromQuery !== undefined && fromBody !== fromQuery) {
        throw badRequest('profile_mismatch', 'The body and the query name different members');
      }
      const profile = fromBody ?? fromQuery;
      if (profile === undefined) {
        throw badRequest('missing_profile', 'Say which member to unlike', {
          profile: 'Value is required',
        });
      }
      await unlikeMember(app.db, memberId, profile);
      return { liked: false };
    },
  );
};
