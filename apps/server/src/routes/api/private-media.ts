import { apiErrorSchema } from '@amora/shared/schemas/common';
import { privateMediaQuerySchema } from '@amora/shared/schemas/images';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { privateObjectFor } from '../../modules/images/private-access.js';
import { PRIVATE_CACHE_CONTROL } from '../../modules/media/object-store.js';
import { readPrivate } from '../../modules/media/private-links.js';

export const privateMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/private-media.php',
    {
      schema: {
        summary: 'A picture with no public address (members only)',
        description:
          'A flagged photo as uploaded (`purpose=flagged_original`), for its owner or a ' +
          'member with `show_flagged_photos` who may see the owner. With MEDIA_STORE=s3 a ' +
          '302 to a presigned link valid MEDIA_LINK_SECONDS; with local folders the bytes. ' +
          '404 image_not_found for a picture the caller may not read (or that does not ' +
          'exist); 403 not_logged_in for visitors.',
        querystring: privateMediaQuerySchema,
        produces: ['image/webp', 'image/jpeg', 'image/png'],
        response: {
          200: z.unknown().describe('The picture'),
          302: z.unknown().describe('To a presigned link of the bucket'),
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const viewerId = app.requireMember(request);
      const { purpose, id } = request.query;
      const name = await privateObjectFor(app.db, viewerId, purpose, id);
      const read =
        name && (await readPrivate(app.media.private, name, app.config.mediaLinkSeconds));
      if (!read) throw notFound('image_not_found', 'This photo is not available');
      // Neither the answer nor the link may be kept: the next read passes the check again.
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      if (read.kind === 'redirect') return reply.redirect(read.url, 302);
      return reply
        .type(read.object.contentType)
        .header('content-length', read.object.size)
        .send(read.object.body);
    },
  );
};
