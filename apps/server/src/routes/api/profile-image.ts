import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  IMAGE_UPLOAD_LIMITS,
  photoArrangementSchema,
  photoDeleteBodySchema,
  photoDeleteQuerySchema,
  profileImageResponseSchema,
} from '@amora/shared/schemas/images';
import { userResponseSchema } from '@amora/shared/schemas/user';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import { addImages } from '../../modules/images/image.service.js';
import { arrangePhotos, removePhoto } from '../../modules/images/photo-management.service.js';
import { loadUser } from '../../modules/members/user.service.js';
import { recheckAfterPhotoChange } from '../../modules/verification/photo-recheck.js';
import { readUploadedFiles, requireMultipart } from '../../plugins/uploads.js';

const { maxFileBytes, maxFilesPerRequest, maxPhotosPerMember } = IMAGE_UPLOAD_LIMITS;

export const profileImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/profileimage.php',
    {
      schema: {
        summary: 'Adds photos to the logged-in member’s profile',
        description:
          `multipart/form-data with one or more files in the field \`file\` (at most ` +
          `${maxFilesPerRequest} per request, ${maxFileBytes / 1024 / 1024} MB each, ` +
          `${maxPhotosPerMember} per member). JPEG, PNG, WebP, GIF or AVIF, checked by ` +
          'content, at least 200×200 and at most 40 megapixels. Photos are turned upright, ' +
          'stripped of all metadata (GPS position included) and stored as WebP with a 320×400 ' +
          'thumbnail; the first photo of a member becomes the main photo.',
        consumes: ['multipart/form-data'],
        response: {
          200: profileImageResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
      // Before any body is read: who is calling, then whether the body is an upload at all.
      onRequest: async (request) => {
        app.requireMember(request);
        requireMultipart(request);
      },
    },
    async (request) => {
      const memberId = app.requireMember(request);
      const files = await readUploadedFiles(request);
      const images = await addImages(app.db, app.media.uploads, memberId, files, {
        screen: app.config.photoScreening.enabled,
      });
      await recheckVerification(app, request, memberId);
      return { images };
    },
  );

  app.put(
    '/api/profileimage.php',
    {
      schema: {
        summary: 'Orders the logged-in member’s photos and chooses the main photo',
        description:
          '`{ order: [ids…], main? }`: `order` lists every one of the member’s photo ids once ' +
          '(400 incomplete_order when photos were added or removed meanwhile, 400 ' +
          'unknown_image for an id that is not theirs); `main` makes one of them the main ' +
          'photo. Answers { user } with the new order.',
        body: photoArrangementSchema,
        response: { 200: userResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const memberId = app.requireMember(request);
      await arrangePhotos(app.db, memberId, request.body);
      return { user: await loadUser(app.db, memberId, app.config.adminEmails) };
    },
  );

  app.delete(
    '/api/profileimage.php',
    {
      schema: {
        summary: 'Removes one of the logged-in member’s photos',
        description:
          'The photo id comes in the JSON body `{ image }` or as `?image=`. The photo and its ' +
          'files are removed; when it was the main photo the next one takes its place. 404 ' +
          'image_not_found for an id that is not one of the member’s photos. Answers { user }.',
        querystring: photoDeleteQuerySchema,
        body: photoDeleteBodySchema,
        response: {
          200: userResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const memberId = app.requireMember(request);
      const fromBody = request.body?.image;
      const fromQuery = request.query.image;
      if (fromBody !== undefined && fromQuery !== undefined && fromBody !== fromQuery) {
        throw badRequest('image_mismatch', 'The body and the query name different photos');
      }
      const image = fromBody ?? fromQuery;
      if (image === undefined) {
        throw badRequest('missing_image', 'Say which photo to remove', {
          image: 'Value is required',
        });
      }
      await removePhoto(app.db, memberId, image);
      await recheckVerification(app, request, memberId);
      return { user: await loadUser(app.db, memberId, app.config.adminEmails) };
    },
  );
};

/**
 * A verified member whose photos are all new goes back to a person (`recheckAfterPhotoChange`).
 * The photo change itself has happened: a failure here is logged, and the next change of the
 * member's photos checks again.
 */
async function recheckVerification(
  app: FastifyInstance,
  request: FastifyRequest,
  memberId: number,
): Promise<void> {
  try {
    await recheckAfterPhotoChange(app.db, app.media.private, memberId);
  } catch (err) {
    request.log.error({ err, memberId }, 'the verification re-check after a photo change failed');
  }
}
