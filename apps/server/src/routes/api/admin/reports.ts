import {
  okSchema,
  REPORT_CLAIM_MINUTES,
  reportActionBodySchema,
  reportsQuerySchema,
  reportsResponseSchema,
} from '@amora/shared/schemas/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { privateObjectFor } from '../../../modules/private-media/private-access.js';
import { sendPrivate } from '../../../modules/private-media/private-reply.js';
import { actOnReport, listReports } from '../../../modules/staff/report-queue.service.js';
import { STAFF_RULES, STAFF_TAG, staffActor, staffErrors } from './staff-route.js';

export const staffReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/reports.php',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'The report queue (moderators and admins)',
        description:
          'Reports with `status` (open by default), `underage` first, then by the reporter’s ' +
          'standing when filing (confirmed days up to 30, plus 10 per upheld report), then the ' +
          'oldest; keyset ' +
          'paging with `after` (the last id of the previous page). Open reports another ' +
          `moderator claimed in the last ${REPORT_CLAIM_MINUTES} minutes are left out, and so ` +
          'are reports about the caller or (for a moderator) other staff. ' +
          `Evidence: the photo as kept (\`url\`, staff only) or the messages. ${STAFF_RULES}`,
        querystring: reportsQuerySchema,
        response: { 200: reportsResponseSchema, ...staffErrors },
      },
    },
    async (request) => {
      const actor = await staffActor(app, request);
      return { reports: await listReports(app.db, actor, request.query) };
    },
  );

  app.post(
    '/api/admin/reports.php',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'Claim a report, or close it: dismiss, warn, remove the photo, or ban',
        description:
          `\`claim\` holds the report for ${REPORT_CLAIM_MINUTES} minutes. The other actions ` +
          'need a `note` (1-1000 characters, kept with the report and in the audit log): warn ' +
          'sends it to the subject as written, ban gives it as the reason. 409 ' +
          'report_claimed while another moderator holds it; 404 report_not_found for a ' +
          'closed or unknown one; 403 forbidden for a report about the caller or (for a ' +
          `moderator) other staff; 400 report_without_photo. ${STAFF_RULES}`,
        body: reportActionBodySchema,
        response: { 200: okSchema, ...staffErrors },
      },
    },
    async (request) => {
      const actor = await staffActor(app, request);
      await actOnReport(app.db, actor, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/report-evidence.php',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'The copy of a reported photo kept with the report',
        description:
          'A private object (decision 059): with MEDIA_STORE=s3 a 302 to a presigned link ' +
          'valid MEDIA_LINK_SECONDS, with local folders the bytes (WebP). 404 ' +
          'image_not_found where no photo is kept with the report or the report is not ' +
          `listed to the caller. ${STAFF_RULES}`,
        querystring: z.object({ id: z.coerce.number().int().positive() }),
        produces: ['image/webp'],
        response: {
          200: z.unknown().describe('The picture'),
          302: z.unknown().describe('To a presigned link of the bucket'),
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const actor = await staffActor(app, request);
      const name = await privateObjectFor(
        app.db,
        { memberId: actor.staffId, staff: actor },
        { purpose: 'report_evidence', id: request.query.id, size: 'full' },
      );
      return sendPrivate(app, reply, name);
    },
  );
};
