import { okSchema } from '@amora/shared/schemas/staff';
import {
  verificationActionBodySchema,
  verificationsQuerySchema,
  verificationsResponseSchema,
} from '@amora/shared/schemas/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actOnVerification,
  listVerificationQueue,
} from '../../../modules/verification/verification-queue.service.js';
import { STAFF_RULES, STAFF_TAG, staffActor, staffErrors } from './staff-route.js';

/** The verification queue (issue 48): a selfie beside the pose asked for and the photos. */
export const staffVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/verifications.php',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'Verification selfies waiting for a person, oldest first',
        description:
          'Each with the selfie’s checked address (`/api/private-media.php?purpose=' +
          'verification_selfie`), the pose asked for (id, drawing, English instruction) and ' +
          'the member’s photos as stored. Keyset paging with `after`. The caller’s own and ' +
          `(for a moderator) other staff’s are left out: they may not act on them. ${STAFF_RULES}`,
        querystring: verificationsQuerySchema,
        response: { 200: verificationsResponseSchema, ...staffErrors },
      },
    },
    async (request) => {
      const actor = await staffActor(app, request);
      return { verifications: await listVerificationQueue(app.db, actor, request.query.after) };
    },
  );

  app.post(
    '/api/admin/verifications.php',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'Approve a verification selfie, or reject it with a reason',
        description:
          'Approving verifies the member from now on; rejecting (with `reason`: ' +
          '`pose_mismatch`, `face_not_visible`, `not_the_member`, `photo_quality` or `new_selfie_needed`, which ' +
          'the member reads) ends a verification they had, and they may try again with a new ' +
          'pose. Either goes in the audit log. 403 forbidden for a selfie of the caller or ' +
          `(for a moderator) of other staff; 404 verification_not_found for one decided ` +
          `meanwhile. ${STAFF_RULES}`,
        body: verificationActionBodySchema,
        response: { 200: okSchema, ...staffErrors },
      },
    },
    async (request) => {
      const actor = await staffActor(app, request);
      await actOnVerification(app.db, actor, request.body);
      return { ok: true as const };
    },
  );
};
