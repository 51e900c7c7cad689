import {
  adminCodeSchema,
  adminCodesResponseSchema,
  adminSiteSavedSchema,
  adminSiteSchema,
  codeUsesQuerySchema,
  codeUsesResponseSchema,
  createCodeSchema,
  creditCorrectionResultSchema,
  creditCorrectionSchema,
  dashboardSchema,
  updateCodeSchema,
} from '@amora/shared/schemas/site-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { correctCredits } from '../../../modules/staff/credit-correction.service.js';
import { dashboardFigures } from '../../../modules/staff/dashboard.service.js';
import {
  createCode,
  listCampaignCodes,
  listCodeUses,
  updateCode,
} from '../../../modules/staff/discount-admin.service.js';
import { readSiteForStaff, saveSite } from '../../../modules/staff/site-admin.service.js';
import { STAFF_RULES, STAFF_TAG, staffActor, staffErrors } from './staff-route.js';

/** Running the business from the console (issue 21): admins only. */
export const staffBusinessRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = { staff: { admin: true } };

  app.get(
    '/api/admin/settings.php',
    {
      config: adminOnly,
      schema: {
        tags: [STAFF_TAG],
        summary: 'The settings an operator decides and the company info, with their version',
        description: `Admins only. ${STAFF_RULES}`,
        response: { 200: adminSiteSchema, ...staffErrors },
      },
    },
    async () => readSiteForStaff(app.db),
  );

  app.put(
    '/api/admin/settings.php',
    {
      config: adminOnly,
      schema: {
        tags: [STAFF_TAG],
        summary: 'Save the settings and the company info',
        description:
          'Send the `version` read: a stale one answers 409 settings_changed and nothing is ' +
          'saved. Every instance drops its cached settings at once (NOTIFY); changes made in ' +
          'SQL still reach them within SETTINGS_CACHE_SECONDS. Each changed part is in the ' +
          `audit log (settings.update, company.update). Admins only. ${STAFF_RULES}`,
        body: adminSiteSchema,
        response: { 200: adminSiteSavedSchema, ...staffErrors },
      },
    },
    async (request) => saveSite(app.db, await staffActor(app, request), request.body),
  );

  app.post(
    '/api/admin/credits.php',
    {
      config: adminOnly,
      schema: {
        tags: [STAFF_TAG],
        summary: 'Correct a member’s credits: a ledger row with reason adjustment',
        description:
          '`amount` adds (positive) or takes (negative) credits; the balance never falls ' +
          'below zero (400 invalid_input). The reason goes in the audit log (credits.adjust). ' +
          `Admins only. ${STAFF_RULES}`,
        body: creditCorrectionSchema,
        response: { 200: creditCorrectionResultSchema, ...staffErrors },
      },
    },
    async (request) => correctCredits(app.db, await staffActor(app, request), request.body),
  );

  app.get(
    '/api/admin/codes.php',
    {
      config: adminOnly,
      schema: {
        tags: [STAFF_TAG],
        summary: 'The campaign discount codes, newest first',
        description: `Members' own codes (welcome, time bonus, stay) are not listed. ${STAFF_RULES}`,
        response: { 200: adminCodesResponseSchema, ...staffErrors },
      },
    },
    async () => ({ codes: await listCampaignCodes(app.db) }),
  );

  app.post(
    '/api/admin/codes.php',
    {
      config: adminOnly,
      schema: {
        tags: [STAFF_TAG],
        summary: 'Create a campaign code',
        description:
          'The code is stored in capitals; it works to the end of `valid_until` (UTC). 409 ' +
          `code_taken for a text in use. In the audit log as code.create. ${STAFF_RULES}`,
        body: createCodeSchema,
        response: { 200: adminCodeSchema, ...staffErrors },
      },
    },
    async (request) => createCode(app.db, await staffActor(app, request), request.body),
  );

  app.put(
    '/api/admin/codes.php',
    {
      config: adminOnly,
      schema: {
        tags: [STAFF_TAG],
        summary: 'Pause or resume a campaign code, or change its limit or last day',
        description:
          'A paused code works for nobody (pending orders keep the price they were placed ' +
          `with). 404 code_not_found. In the audit log as code.update. ${STAFF_RULES}`,
        body: updateCodeSchema,
        response: { 200: adminCodeSchema, ...staffErrors },
      },
    },
    async (request) => updateCode(app.db, await staffActor(app, request), request.body),
  );

  app.get(
    '/api/admin/code-uses.php',
    {
      config: adminOnly,
      schema: {
        tags: [STAFF_TAG],
        summary: 'The orders that used a code',
        description: `Reserved while the order is pending, then counted or released. ${STAFF_RULES}`,
        querystring: codeUsesQuerySchema,
        response: { 200: codeUsesResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({ uses: await listCodeUses(app.db, request.query.id) }),
  );

  app.get(
    '/api/admin/dashboard.php',
    {
      config: adminOnly,
      schema: {
        tags: [STAFF_TAG],
        summary: 'The last seven days in figures: signups, activations, messages, reports, orders',
        description:
          'Per UTC day, oldest first (today last), and the paid revenue per day and currency in ' +
          `minor units, less refunds. ${STAFF_RULES}`,
        response: { 200: dashboardSchema, ...staffErrors },
      },
    },
    async () => dashboardFigures(app.db),
  );
};
