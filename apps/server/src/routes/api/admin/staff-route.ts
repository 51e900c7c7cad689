import { apiErrorSchema } from '@amora/shared/schemas/common';
import { STAFF_REAUTH_MINUTES } from '@amora/shared/schemas/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffActor } from '../../../modules/staff/member-actions.service.js';

/** Every staff call is listed under this OpenAPI tag. */
export const STAFF_TAG = 'staff';

/** The errors every staff call may answer, for its OpenAPI entry. */
export const staffErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

export const STAFF_RULES =
  `403 not_logged_in to visitors, 403 forbidden to members without the role; 401 ` +
  `reauth_required more than ${STAFF_REAUTH_MINUTES} minutes after the session's last staff ` +
  'action (or its login): POST /api/admin/reauth.php renews it.';

/**
 * The caller as a staff actor. The role and window checks ran before validation (plugins/
 * staff.ts, with the route's `config.staff`); asking again is for a call that skipped them.
 */
export async function staffActor(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<StaffActor> {
  const caller =
    request.staffCaller ?? (await app.requireStaff(request, request.routeOptions.config.staff));
  return { ...caller, adminEmails: app.config.adminEmails };
}
