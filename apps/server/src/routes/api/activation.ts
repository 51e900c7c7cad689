import { apiErrorSchema } from '@amora/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, tooManyRequests } from '../../lib/errors.js';
import { countRecentAttempts, recordAttempt } from '../../modules/auth/auth-attempts.repository.js';
import {
  ACTIVATION_LINK_PATH,
  activateWithToken,
  activationDelivered,
  issueActivation,
} from '../../modules/mail/activation.service.js';
import { findMemberById } from '../../modules/members/member.repository.js';
import { findProfiles } from '../../modules/members/profile.repository.js';

/** A member may ask for a new activation mail this often per hour. */
const RESENDS_PER_HOUR = 3;

const activationPollSchema = z.object({
  delivered: z.boolean().describe("Whether the member's activation mail has been sent"),
});

// Any query is accepted: a click from a mail always lands on a page, never on a 4xx.
const activationLinkQuerySchema = z.object({
  token: z.string().optional().catch(undefined),
});

export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activate.php',
    {
      schema: {
        summary: "Whether the logged-in member's activation mail has been delivered",
        response: { 200: activationPollSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({
      delivered: await activationDelivered(app.db, app.requireMember(request)),
    }),
  );

  app.post(
    '/api/activate.php',
    {
      schema: {
        summary: 'Sends the logged-in member a new activation mail (3 an hour at most)',
        response: {
          200: z.object({ ok: z.literal(true) }),
          403: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const memberId = app.requireMember(request);
      const [member, profiles] = await Promise.all([
        findMemberById(app.db, memberId),
        findProfiles(app.db, [memberId], { visibleOnly: false }),
      ]);
      const profile = profiles.get(memberId)?.profile;
      if (!member?.email || !profile)
        throw new AppError(403, 'not_logged_in', 'Please log in first');
      if (member.activated_at)
        throw new AppError(409, 'already_activated', 'This account is already activated');
      const key = String(memberId);
      if ((await countRecentAttempts(app.db, 'activation_resend', key, 60)) >= RESENDS_PER_HOUR) {
        throw tooManyRequests('A new activation mail can be requested again in an hour');
      }
      await app.db.transaction().execute(async (trx) => {
        await recordAttempt(trx, 'activation_resend', key);
        await issueActivation(trx, {
          id: memberId,
          email: member.email!,
          name: profile.name,
          language: profile.language,
        });
      });
      return { ok: true as const };
    },
  );

  app.get(
    ACTIVATION_LINK_PATH,
    {
      schema: {
        summary: 'The link in the activation mail',
        description:
          'Activates the account the single-use token belongs to and redirects (302) to ' +
          '/activate/done, or to /activate/error for a missing, unknown, used or expired token.',
        querystring: activationLinkQuerySchema,
        response: { 302: z.null().describe('302 to /activate/done or /activate/error') },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const outcome = token ? await activateWithToken(app.db, token) : 'invalid';
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(outcome === 'activated' ? '/activate/done' : '/activate/error', 302);
    },
  );
};
