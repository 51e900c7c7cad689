import { apiErrorSchema } from '@amora/shared/schemas/common';
import { IMAGE_UPLOAD_LIMITS, profileImageResponseSchema } from '@amora/shared/schemas/images';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addImages } from '../../modules/images/image.service.js';
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
      const images = await addImages(app.db, app.imageStorage, memberId, files);
      return { images };
    },
  );
};
