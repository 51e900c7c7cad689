import { STAFF_REAUTH_MINUTES, type StaffRole } from '@amora/shared/schemas/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { AppError, forbidden, notLoggedIn } from '../lib/errors.js';
import { isUnder } from '../lib/route-path.js';
import { sessionId } from '../modules/auth/session.service.js';
import { staffRoleOf } from '../modules/members/staff-role.js';

export interface StaffCaller {
  staffId: number;
  role: StaffRole;
}

export interface StaffRouteOptions {
  admin?: boolean;
  window?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A staff call (`/api/admin/`): admins only, and whether the 30-minute window applies. */
    staff?: StaffRouteOptions;
  }
  interface FastifyRequest {
    /** The staff caller, once the role check before validation let the call through. */
    staffCaller: StaffCaller | null;
  }
  interface FastifyInstance {
    /**
     * The role check of every `/api/admin/*.php` call, on the server: 403 `not_logged_in`
     * to visitors, 403 `forbidden` to members without the role, 401 `reauth_required` when
     * the session's last staff action (or its login) is older than 30 minutes. A call that
     * passes renews the window. `window: false` skips the window (who am I, re-auth).
     */
    requireStaff(request: FastifyRequest, options?: StaffRouteOptions): Promise<StaffCaller>;
  }
}

export const reauthRequired = () =>
  new AppError(
    401,
    'reauth_required',
    `More than ${STAFF_REAUTH_MINUTES} minutes since the last staff action: confirm your password`,
  );

/** Whether the session's staff window is still open, renewing it when it is. */
async function useStaffWindow(app: FastifyInstance, token: string): Promise<boolean> {
  const renewed = await app.db
    .updateTable('sessions')
    .set({ staff_seen_at: sql<Date>`now()` })
    .where('id', '=', sessionId(token))
    .where(
      sql<boolean>`coalesce(staff_seen_at, created_at) > now() - make_interval(mins => ${STAFF_REAUTH_MINUTES})`,
    )
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) > 0;
}

export const staffPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('staffCaller', null);
  // Before the body is validated: someone without the role learns nothing of the calls.
  app.addHook('preValidation', async (request) => {
    if (!isUnder(request, '/api/admin/')) return;
    request.staffCaller = await app.requireStaff(request, request.routeOptions.config.staff);
  });
  app.decorate('requireStaff', async (request: FastifyRequest, options: StaffRouteOptions = {}) => {
    const memberId = request.memberId;
    if (memberId === null || request.sessionToken === null) throw notLoggedIn();
    const role = await staffRoleOf(app.db, memberId, app.config.adminEmails);
    if (role === null || (options.admin && role !== 'admin')) {
      throw forbidden('forbidden', 'This is for staff only');
    }
    if (options.window !== false && !(await useStaffWindow(app, request.sessionToken))) {
      throw reauthRequired();
    }
    return { staffId: memberId, role };
  });
});

/** Whether the session would need re-authentication for its next staff call. */
export async function staffWindowClosed(app: FastifyInstance, token: string): Promise<boolean> {
  const row = await app.db
    .selectFrom('sessions')
    .select(
      sql<boolean>`coalesce(staff_seen_at, created_at) <= now() - make_interval(mins => ${STAFF_REAUTH_MINUTES})`.as(
        'closed',
      ),
    )
    .where('id', '=', sessionId(token))
    .executeTakeFirst();
  return row?.closed ?? true;
}

/** Opens the window again after the password was confirmed. */
export async function renewStaffWindow(app: FastifyInstance, token: string): Promise<void> {
  await app.db
    .updateTable('sessions')
    .set({ staff_seen_at: sql<Date>`now()` })
    .where('id', '=', sessionId(token))
    .execute();
}
