import {
  heldActionBodySchema,
  heldQuerySchema,
  heldResponseSchema,
  okSchema,
  photoActionBodySchema,
  photosQuerySchema,
  photosResponseSchema,
} from '@amora/shared/schemas/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actOnHeldMessage,
  listHeldMessages,
} from '../../../modules/staff/held-messages.service.js';
import { actOnPhoto, listPhotoQueue } from '../../../modules/staff/photo-queue.service.js';
import { STAFF_RULES, STAFF_TAG, staffActor, staffErrors } from './staff-route.js';

/** The photo queue and the held messages: the two queues worked one item at a time. */
export const staffQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/photos.php',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'Photos waiting for a person: flagged first, then the oldest',
        description:
          'Keyset paging with `after`. The caller’s own photos and (for a moderator) other ' +
          `staff’s are left out: they may not act on them. ${STAFF_RULES}`,
        querystring: photosQuerySchema,
        response: { 200: photosResponseSchema, ...staffErrors },
      },
    },
    async (request) => {
      const actor = await staffActor(app, request);
      return { photos: await listPhotoQueue(app.db, actor, request.query.after) };
    },
  );

  app.post(
    '/api/admin/photos.php',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'Approve a photo, or reject it with a reason',
        description:
          'Rejecting removes the photo everywhere and tells its owner why (a notification ' +
          'with the reason). 403 forbidden for a photo of the caller or (for a moderator) of ' +
          `other staff; 404 image_not_found for a photo already gone. ${STAFF_RULES}`,
        body: photoActionBodySchema,
        response: { 200: okSchema, ...staffErrors },
      },
    },
    async (request) => {
      const actor = await staffActor(app, request);
      await actOnPhoto(app.db, actor, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/held.php',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'Messages the duplicate-text brake held, oldest first',
        description: `Keyset paging with \`after\`. ${STAFF_RULES}`,
        querystring: heldQuerySchema,
        response: { 200: heldResponseSchema, ...staffErrors },
      },
    },
    async (request) => {
      await staffActor(app, request);
      return { messages: await listHeldMessages(app.db, request.query.after) };
    },
  );

  app.post(
    '/api/admin/held.php',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'Release a held message (delivered then), or ban its sender',
        description:
          'A ban needs a `reason`. A released message between members one of whom has since ' +
          'blocked the other (`blocked` in the list) is stored as sent and reaches nobody, as ' +
          `nothing passes between them. 404 message_not_found. ${STAFF_RULES}`,
        body: heldActionBodySchema,
        response: { 200: okSchema, ...staffErrors },
      },
    },
    async (request) => {
      const actor = await staffActor(app, request);
      await actOnHeldMessage(app.db, actor, request.body);
      return { ok: true as const };
    },
  );
};
