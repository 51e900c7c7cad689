import { apiErrorSchema } from '@amora/shared/schemas/common';
import { privateMediaQuerySchema } from '@amora/shared/schemas/images';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoleOf } from '../../modules/members/staff-role.js';
import { privateObjectFor } from '../../modules/private-media/private-access.js';
import { sendPrivate } from '../../modules/private-media/private-reply.js';
import type { StaffActor } from '../../modules/staff/member-actions.service.js';
import { staffWindowClosed } from '../../plugins/staff.js';

export const privateMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/private-media.php',
    {
      schema: {
        summary: 'A picture with no public address (members only)',
        description:
          'A picture kept for `purpose`: `flagged_original`, a flagged photo as uploaded ' +
          '(`size=thumb` for its thumbnail), for its owner, a member with ' +
          '`show_flagged_photos` who may see the owner, and staff who may act on the ' +
          "owner's photos; `report_evidence`, the copy of a reported photo kept with report " +
          '`id`, for staff the report is listed to; `verification_selfie`, the selfie of ' +
          'verification request `id`, for staff who may act on its member (not the member). ' +
          'With MEDIA_STORE=s3 a 302 to a ' +
          'presigned link valid MEDIA_LINK_SECONDS; with local folders the bytes. Never ' +
          'cached. 404 image_not_found for a picture the caller may not read (or that does ' +
          'not exist); 403 not_logged_in for visitors.',
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
      const memberId = app.requireMember(request);
      const name = await privateObjectFor(
        app.db,
        { memberId, staff: await workingStaff(app, request, memberId) },
        request.query,
      );
      return sendPrivate(app, reply, name);
    },
  );
};

/**
 * The caller's staff role while their staff window is open (as for every staff call), else
 * null: a picture for staff only is read like any other staff answer.
 */
async function workingStaff(
  app: FastifyInstance,
  request: FastifyRequest,
  memberId: number,
): Promise<StaffActor | null> {
  const role = await staffRoleOf(app.db, memberId, app.config.adminEmails);
  if (role === null || request.sessionToken === null) return null;
  if (await staffWindowClosed(app, request.sessionToken)) return null;
  return { staffId: memberId, role, adminEmails: app.config.adminEmails };
}
