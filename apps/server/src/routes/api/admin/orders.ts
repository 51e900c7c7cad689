import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  adminOrderDetailSchema,
  adminOrderQuerySchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  refundRequestSchema,
} from '@amora/shared/schemas/order-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  readOrderForStaff,
  refundOrder,
  searchOrders,
} from '../../../modules/staff/order-admin.service.js';
import { STAFF_RULES, STAFF_TAG, staffActor, staffErrors } from './staff-route.js';

/** Orders in the console (issue 21): search, the provider's events, refunds. Admins only. */
export const staffOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = { staff: { admin: true } };
  const log = app.log.child({ module: 'payments' });

  app.get(
    '/api/admin/orders.php',
    {
      config: adminOnly,
      schema: {
        tags: [STAFF_TAG],
        summary: 'Orders: flagged ones not yet paid back first, then the newest',
        description:
          '`q` is an order id, a provider reference (Mollie `tr_…`, Stripe `cs_…` or `pi_…`), ' +
          '`#member id` or a member’s exact e-mail (never answered back). 50 a page; pass ' +
          `\`next\` as \`after\` for the next. Admins only. ${STAFF_RULES}`,
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersResponseSchema, ...staffErrors },
      },
    },
    async (request) => searchOrders(app.db, request.query),
  );

  app.get(
    '/api/admin/order.php',
    {
      config: adminOnly,
      schema: {
        tags: [STAFF_TAG],
        summary: 'One order with every fact its payment provider reported, oldest first',
        description: `404 order_not_found. Admins only. ${STAFF_RULES}`,
        querystring: adminOrderQuerySchema,
        response: { 200: adminOrderDetailSchema, ...staffErrors },
      },
    },
    async (request) => readOrderForStaff(app.db, request.query.id),
  );

  app.post(
    '/api/admin/refund.php',
    {
      config: adminOnly,
      schema: {
        tags: [STAFF_TAG],
        summary: 'Pay back part or all of an order through its payment provider',
        description:
          '`amount` in minor units. The provider is asked; the order, credits and premium ' +
          'change when its refund event arrives (`refund_requested` stays above ' +
          '`refunded_amount` until then). 409 not_refundable (not paid, paid back in full, or ' +
          'made with another provider than the configured one), 400 refund_too_large, 502 ' +
          'refund_failed when the provider refuses (nothing changed). In the audit log as ' +
          `order.refund with the reason. Admins only. ${STAFF_RULES}`,
        body: refundRequestSchema,
        response: { 200: adminOrderDetailSchema, ...staffErrors, 502: apiErrorSchema },
      },
    },
    async (request) =>
      refundOrder(app.db, app.paymentProvider, await staffActor(app, request), request.body, log),
  );
};
