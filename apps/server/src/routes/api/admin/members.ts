import {
  auditQuerySchema,
  auditResponseSchema,
  memberActionBodySchema,
  memberDetailQuerySchema,
  memberDetailSchema,
  memberLookupQuerySchema,
  memberLookupResponseSchema,
  okSchema,
  staffListResponseSchema,
  staffRoleBodySchema,
} from '@amora/shared/schemas/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from '../../../modules/staff/audit-log.repository.js';
import { actOnMember } from '../../../modules/staff/member-actions.service.js';
import { lookUpMembers, memberDetail } from '../../../modules/staff/member-lookup.service.js';
import { listStaff, setStaffRole } from '../../../modules/staff/staff-roles.service.js';
import { STAFF_RULES, STAFF_TAG, staffActor, staffErrors } from './staff-route.js';

/** Members, the audit log and staff roles. */
export const staffMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/members.php',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'Look a member up by id, e-mail address or the start of the name',
        description:
          'At most 20; the address is matched, never answered. Looking up by address is for ' +
          `admins: 403 forbidden to a moderator. ${STAFF_RULES}`,
        querystring: memberLookupQuerySchema,
        response: { 200: memberLookupResponseSchema, ...staffErrors },
      },
    },
    async (request) => {
      const { role } = await staffActor(app, request);
      return {
        members: await lookUpMembers(app.db, request.query.q, app.config.adminEmails, role),
      };
    },
  );

  app.post(
    '/api/admin/members.php',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'Ban, unban or warn a member',
        description:
          '`reason` (1-1000 characters) goes in the audit log; a ban shows it to the member ' +
          'at login, a warning sends it as written in a notification and a mail. A ban ' +
          'sends { type: "banned" } to the member’s open tabs, then ends every session. ' +
          '403 forbidden for oneself, a listed admin, or (for a moderator) other staff; 404 ' +
          `member_not_found. ${STAFF_RULES}`,
        body: memberActionBodySchema,
        response: { 200: okSchema, ...staffErrors },
      },
    },
    async (request) => {
      const actor = await staffActor(app, request);
      await actOnMember(app.db, actor, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/member.php',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'A member for staff: profile, photos, reports; orders, ledger, sessions',
        description:
          '`orders`, `ledger` and `sessions` only for admins: a moderator’s answer has no such ' +
          `fields. 404 member_not_found. ${STAFF_RULES}`,
        querystring: memberDetailQuerySchema,
        response: { 200: memberDetailSchema, ...staffErrors },
      },
    },
    async (request) => {
      const { role } = await staffActor(app, request);
      return memberDetail(app.db, request.query.id, app.config.adminEmails, role);
    },
  );

  app.get(
    '/api/admin/audit.php',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'The audit log, newest first',
        description:
          'Keyset paging with `before` (the last id of the previous page). Append-only in the ' +
          `database; entries are kept two years. ${STAFF_RULES}`,
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...staffErrors },
      },
    },
    async (request) => {
      await staffActor(app, request);
      const rows = await listAudit(app.db, request.query.before);
      return {
        entries: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          staff: { id: row.staff_id, name: row.staff_name },
          action: row.action,
          subject: row.subject_id === null ? null : { id: row.subject_id, name: row.subject_name },
          reason: row.reason,
        })),
      };
    },
  );

  app.get(
    '/api/admin/staff.php',
    {
      config: { staff: { admin: true } },
      schema: {
        tags: [STAFF_TAG],
        summary: 'Staff: the listed admins with an account, and the moderators (admins only)',
        description: STAFF_RULES,
        response: { 200: staffListResponseSchema, ...staffErrors },
      },
    },
    async (request) => {
      await staffActor(app, request);
      return { staff: await listStaff(app.db, app.config.adminEmails) };
    },
  );

  app.post(
    '/api/admin/staff.php',
    {
      config: { staff: { admin: true } },
      schema: {
        tags: [STAFF_TAG],
        summary: 'Make a member a moderator, or take the role back (admins only)',
        description:
          '`role: null` takes it back. Admins come from ADMIN_EMAILS only. 403 forbidden for ' +
          `oneself or a listed admin; 404 member_not_found. ${STAFF_RULES}`,
        body: staffRoleBodySchema,
        response: { 200: okSchema, ...staffErrors },
      },
    },
    async (request) => {
      const actor = await staffActor(app, request);
      await setStaffRole(app.db, actor, request.body);
      return { ok: true as const };
    },
  );
};
