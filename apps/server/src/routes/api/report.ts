import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  REPORT_EVIDENCE_MESSAGES,
  REPORT_RETENTION_DAYS,
  REPORTS_PER_DAY,
  reportBodySchema,
  reportResponseSchema,
} from '@amora/shared/schemas/safety';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportMember } from '../../modules/safety/report.service.js';

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/report.php',
    {
      schema: {
        summary: 'Report a member, one of their photos, or the conversation with them',
        description:
          'Reasons: fake, scam, harassment, underage, inappropriate_photo, spam, other; ' +
          '`text` is optional. With `image` (one of the member’s photos) a copy of the ' +
          `photo is kept; with \`conversation\` (the caller’s with the member) its newest ` +
          `${REPORT_EVIDENCE_MESSAGES} messages as they are now. The evidence is kept ` +
          `${REPORT_RETENTION_DAYS} days after the report closes, even if either account ` +
          'is deleted (docs/privacy.md). The reported member is never told. One open ' +
          'report per member and reason: asking again answers the same id. 400 ' +
          'invalid_input (a bad reason), cannot_report_self, report_image_mismatch, ' +
          'report_conversation_mismatch; 404 member_not_found for an id that never was a ' +
          `member; 429 report_limit (with retry_at) beyond ${REPORTS_PER_DAY} reports in ` +
          '24 hours; 403 not_logged_in.',
        body: reportBodySchema,
        response: {
          200: reportResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => reportMember(app.db, app.media, app.requireMember(request), request.body),
  );
};
