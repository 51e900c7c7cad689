import { apiErrorSchema } from '@amora/shared/schemas/common';
import { imageRevealQuerySchema, imageRevealResponseSchema } from '@amora/shared/schemas/images';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { findProfiles } from '../../modules/members/profile.repository.js';
import { toBlurredImage, toImage } from '../../modules/members/profile-view.js';

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/image.php',
    {
      schema: {
        summary: 'A photo shown blurred, as the caller may see it (members only)',
        description:
          'A photo the screening flagged reaches members without `show_flagged_photos` and ' +
          'visitors as its blurred copy (`blurred: true`). Its original has no public ' +
          'address (decision 059): for its owner and members with `show_flagged_photos` ' +
          'this answers the app links to it (`url`, `thumb_url`, each read checked again ' +
          'and short-lived); everyone else gets the blurred copy again. 404 ' +
          'image_not_found for a photo others may not see (not screened yet, removed, of a ' +
          'member who left or is blocked either way); 403 not_logged_in for visitors.',
        querystring: imageRevealQuerySchema,
        response: {
          200: imageRevealResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const viewerId = app.requireMember(request);
      const owner = await app.db
        .selectFrom('images')
        .select('member_id')
        .where('id', '=', request.query.id)
        .executeTakeFirst();
      // The one visibility rule: the owner as this viewer may see them.
      const record =
        owner &&
        (await findProfiles(app.db, [owner.member_id], { visibleOnly: true, viewerId })).get(
          owner.member_id,
        );
      const row = record?.images.find(
        (image) => image.id === request.query.id && image.screening !== 'pending',
      );
      const plain =
        row &&
        (row.screening !== 'flagged' || record?.viewerSeesFlagged || owner?.member_id === viewerId);
      const image = row && (plain ? toImage(row) : toBlurredImage(row));
      if (!image) throw notFound('image_not_found', 'This photo is not available');
      return { image };
    },
  );
};
