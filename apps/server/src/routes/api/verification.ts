import { apiErrorSchema } from '@amora/shared/schemas/common';
import { IMAGE_UPLOAD_LIMITS } from '@amora/shared/schemas/images';
import {
  VERIFICATION_POSE_MINUTES,
  VERIFICATION_TRIES_PER_DAY,
  verificationSentSchema,
  verificationStateSchema,
} from '@amora/shared/schemas/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { processFaceDetector } from '../../modules/verification/face-detector.js';
import { sendSelfie, verificationState } from '../../modules/verification/verification.service.js';
import { readUploadedForm, requireMultipart } from '../../plugins/uploads.js';

const { maxFileBytes, minSidePixels } = IMAGE_UPLOAD_LIMITS;

/** Verified members (issue 48, docs/decisions/063): the member's status and their selfie. */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/verification.php',
    {
      schema: {
        summary: 'The logged-in member’s verification, and the pose to make',
        description:
          '`status` by the newest selfie: `none` (never sent), `pending` (waits for a ' +
          'person), `verified` or `rejected` (with `reason`). With `none` or `rejected`, ' +
          '`pose` is the pose the next selfie must show: its id, its drawing as a `data:` ' +
          'address and the instruction in English (the app shows its own text in the ' +
          `member's language). It stands ${VERIFICATION_POSE_MINUTES} minutes; a call after ` +
          'that assigns a new one. 403 not_logged_in for visitors.',
        response: { 200: verificationStateSchema, 403: apiErrorSchema },
      },
    },
    async (request) => verificationState(app.db, app.requireMember(request)),
  );

  app.post(
    '/api/verification.php',
    {
      schema: {
        summary: 'Sends a selfie in the assigned pose, for a person to compare with the photos',
        description:
          'multipart/form-data with the selfie in the field `file` (JPEG, PNG, WebP, GIF or ' +
          `AVIF, ${maxFileBytes / 1024 / 1024} MB at most, at least ${minSidePixels}×` +
          `${minSidePixels}) and the pose's id in \`pose\`. Answers 202 { status: "pending" }. ` +
          'Refusals in order: 403 not_logged_in; 409 photo_required without a profile photo ' +
          `the screening has looked at; 429 verification_limit (with retry_at) after ` +
          `${VERIFICATION_TRIES_PER_DAY} tries in a day; 409 pose_expired for another pose ` +
          `than the one assigned, one assigned more than ${VERIFICATION_POSE_MINUTES} ` +
          'minutes ago, or none (a selfie already waits or was approved); 400 no_file, ' +
          'not_an_image, image_too_small or image_too_large; then the try counts, and a face ' +
          'check answers 400 no_face or several_faces (exactly one face is needed). The ' +
          'selfie is re-encoded and kept as a private object, read by staff only, and removed ' +
          '30 days after the decision. 413/415/400 for an upload that cannot be read.',
        consumes: ['multipart/form-data'],
        response: {
          202: verificationSentSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      // Before any body is read: who is calling, then whether the body is an upload at all.
      onRequest: async (request) => {
        app.requireMember(request);
        requireMultipart(request);
      },
    },
    async (request, reply) => {
      const memberId = app.requireMember(request);
      const { files, fields } = await readUploadedForm(request);
      await sendSelfie(
        app.db,
        { store: app.media.private, detector: processFaceDetector() },
        memberId,
        { files, pose: fields.get('pose') },
      );
      return reply.code(202).send({ status: 'pending' as const });
    },
  );
};
