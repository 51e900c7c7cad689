import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  dataExportQuerySchema,
  dataExportResponseSchema,
  EXPORT_EVERY_HOURS,
  EXPORT_KEPT_HOURS,
} from '@amora/shared/schemas/data-export';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportState,
  requestExport,
  takeExport,
} from '../../modules/privacy/data-export.service.js';

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/export.php',
    {
      schema: {
        summary: 'Ask for a copy of everything stored about the logged-in member',
        description:
          'A ZIP with data.json (account, profile, photos’ details, likes, the messages the ' +
          'member wrote, orders and credits, notifications, sessions, blocks and reports ' +
          'they made, service requests, consents) and the photo files, prepared in the ' +
          `background (follow it with GET). Once per ${EXPORT_EVERY_HOURS} hours: 429 ` +
          'export_limit with retry_at.',
        response: { 200: dataExportResponseSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => ({ export: await requestExport(app.db, app.requireMember(request)) }),
  );

  app.get(
    '/api/export.php',
    {
      schema: {
        summary: 'The latest export’s progress, or with ?download= its file',
        description:
          'Without `download`: { export } (null when none was asked for). With `download` ' +
          '(the one-time token of `download_url`, only with the session that asked): the ' +
          `ZIP, once, within ${EXPORT_KEPT_HOURS} hours of being ready; the file is deleted ` +
          'afterwards. 404 export_not_found for a used, expired or foreign token.',
        querystring: dataExportQuerySchema,
        response: {
          200: dataExportResponseSchema.or(
            z.string().meta({ format: 'binary', description: 'With ?download=: the ZIP' }),
          ),
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const memberId = app.requireMember(request);
      const token = request.query.download;
      if (token === undefined) return { export: await exportState(app.db, memberId) };
      const { body, createdAt } = await takeExport(app.db, app.media.exports, memberId, token);
      const day = createdAt.toISOString().slice(0, 10);
      return (
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="amora-data-${day}.zip"`)
          .header('cache-control', 'no-store')
          // Fastify sends a Buffer as it is; the schema documents it as the binary answer.
          .send(body as unknown as string)
      );
    },
  );
};
