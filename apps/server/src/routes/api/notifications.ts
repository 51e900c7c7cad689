import { apiErrorSchema, idSchema } from '@amora/shared/schemas/common';
import {
  markNotificationsReadSchema,
  NOTIFICATIONS_PAGE_SIZE,
  notificationsQuerySchema,
  notificationsResponseSchema,
  unreadNotificationsSchema,
} from '@amora/shared/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionId } from '../../modules/auth/session.service.js';
import { notifyMembers } from '../../modules/live/live-notify.js';
import {
  UNSUBSCRIBE_PATH,
  unsubscribeFromDigest,
} from '../../modules/notifications/digest.service.js';
import { markRead, notificationsFor } from '../../modules/notifications/notification.service.js';
import { hideSessionPages } from '../../modules/notifications/presence.repository.js';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications.php',
    {
      schema: {
        summary: "The logged-in member's notifications, newest first",
        description:
          `Up to ${NOTIFICATIONS_PAGE_SIZE} per page (\`before\`: older than that id): new likes, ` +
          'new messages (one per conversation while unread, with `count`) and account notices, ' +
          'with the unread count. What a member blocked either way did is neither listed ' +
          'nor counted (nor pushed, nor in the digest mail).',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => notificationsFor(app.db, app.requireMember(request), request.query.before),
  );

  app.post(
    '/api/notifications.php',
    {
      schema: {
        summary: 'Mark notifications read',
        description:
          '`{ ids: [...] }` (ids of other members are ignored) or `{ all: true }`. Answers the ' +
          'unread count; the member’s other tabs hear of it over the live channel.',
        body: markNotificationsReadSchema,
        response: { 200: unreadNotificationsSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({
      unread: await markRead(app.db, app.requireMember(request), request.body),
    }),
  );

  app.post(
    '/api/page-hidden.php',
    {
      schema: {
        summary: 'The app’s page became hidden',
        description:
          'Sent with `fetch(…, { keepalive: true })` and an empty JSON body when the page is ' +
          'hidden: pushes about what that page showed are no longer held back. The page says ' +
          'it is visible again over the live channel. Answers { ok: true } (also logged out).',
        body: z.object({}).nullish(),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      if (request.sessionToken && request.memberId !== null) {
        // Which tab went hidden is not known: all of the login's tabs are marked hidden and
        // asked to report again, so the ones still in view say so at once.
        await hideSessionPages(app.db, sessionId(request.sessionToken));
        await notifyMembers(app.db, [request.memberId], { type: 'report_presence' });
      }
      return { ok: true as const };
    },
  );

  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        summary: 'Unsubscribe from the digest mail (the link in it; no login needed)',
        description:
          '`m` is the member id, `s` the signature the mail carried. Redirects to ' +
          '`/?unsubscribed=1` (done) or `/?unsubscribed=0` (a link that is not valid).',
        querystring: z.object({ m: idSchema, s: z.string().max(100) }),
        response: { 302: z.null().describe('Redirect to the home page') },
      },
    },
    async (request, reply) => {
      const done = await unsubscribeFromDigest(app.db, request.query.m, request.query.s);
      return reply.redirect(`/?unsubscribed=${done ? 1 : 0}`, 302);
    },
  );
};
