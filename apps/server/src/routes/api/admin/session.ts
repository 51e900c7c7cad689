import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  okSchema,
  reauthBodySchema,
  STAFF_REAUTH_MINUTES,
  staffMeSchema,
} from '@amora/shared/schemas/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../../lib/errors.js';
import { verifyPassword } from '../../../modules/auth/password.js';
import { attemptPassword } from '../../../modules/auth/password-attempts.js';
import { findMemberById } from '../../../modules/members/member.repository.js';
import { renewStaffWindow, staffWindowClosed } from '../../../plugins/staff.js';
import { STAFF_TAG, staffActor, staffErrors } from './staff-route.js';

export const staffSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/me.php',
    {
      config: { staff: { window: false } },
      schema: {
        tags: [STAFF_TAG],
        summary: 'The caller’s staff role, and whether the next staff call needs the password',
        description:
          '403 not_logged_in to visitors, 403 forbidden to members without a staff role. ' +
          'This call neither needs nor renews the staff window.',
        response: { 200: staffMeSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const { role } = await staffActor(app, request);
      return {
        role,
        reauth_required: await staffWindowClosed(app, request.sessionToken ?? ''),
      };
    },
  );

  app.post(
    '/api/admin/reauth.php',
    {
      config: { staff: { window: false } },
      schema: {
        tags: [STAFF_TAG],
        summary: 'Confirm the password to open the staff window again',
        description:
          `Opens ${STAFF_REAUTH_MINUTES} more minutes of staff calls for this session. A ` +
          'wrong password answers 400 wrong_password and counts as a failed login (429 past ' +
          'the limit, docs/decisions/027).',
        body: reauthBodySchema,
        response: { 200: okSchema, ...staffErrors },
      },
    },
    async (request) => {
      const { staffId } = await staffActor(app, request);
      const member = await findMemberById(app.db, staffId);
      const ok = await attemptPassword(
        app.db,
        {
          account: member?.email ?? '',
          ip: request.ip,
          verify: () => verifyPassword(member?.password_hash ?? null, request.body.password),
        },
        app.config.rateLimit,
      );
      if (!ok) {
        throw badRequest('wrong_password', 'The password is not correct', {
          password: 'The password is not correct',
        });
      }
      await renewStaffWindow(app, request.sessionToken ?? '');
      return { ok: true as const };
    },
  );
};
