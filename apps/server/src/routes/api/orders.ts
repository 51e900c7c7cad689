import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  createOrderResponseSchema,
  createOrderSchema,
  lastOrderResponseSchema,
  orderQuerySchema,
  orderResponseSchema,
  productsQuerySchema,
  productsResponseSchema,
} from '@amora/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findLastPaidOrder, toOrder } from '../../modules/payments/order.repository.js';
import { createOrder, listProducts, readOrder } from '../../modules/payments/order.service.js';
import { countryForRequest } from '../../modules/site/geoip.js';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    prices: app.config.messageCredits,
    provider: app.paymentProvider,
    publicUrl: app.config.publicUrl,
    discounts: app.config.discounts,
  };
  app.get(
    '/api/products.php',
    {
      schema: {
        summary: 'Credit packages and premium plans with their prices',
        description:
          'Prices in minor units (cents), VAT included, in the currency of the logged-in ' +
          'member’s price country (their profile country at their first order, kept after); ' +
          'logged out, of `country` (else the one the request comes from). `methods`: those ' +
          'of the provider that take that currency. ' +
          'Every credit costs the country’s message price divided by the credits a message ' +
          'costs there. An empty list where nothing is sold. With `discount_code`, `amount` is ' +
          'the discounted price of each product the code applies to (`original_amount`: the ' +
          'full price), `discount` the code; 409 `discount_invalid` when it does not work for ' +
          'the caller.',
        querystring: productsQuerySchema,
        response: { 200: productsResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      listProducts(app.db, deps, {
        memberId: request.memberId,
        country:
          request.query.country ??
          countryForRequest(request.ip, request.headers['accept-language']),
        discountCode: request.query.discount_code,
      }),
  );

  app.post(
    '/api/orders.php',
    {
      schema: {
        summary: 'Order credits or premium',
        description:
          'A pending order at the member’s price, and `redirect_url`, where the browser pays ' +
          'it; the provider sends it back to `/transactions/{id}`. Credits need ' +
          '`waive_withdrawal: true` (400 `withdrawal_waiver_required`); 409 `not_for_sale` ' +
          'where the member’s country has no prices; 400 `method_not_available` for a method ' +
          'that does not take the currency; 503 `payments_unavailable` when no payment ' +
          'provider is configured (`methods` of the products is then empty); 502 ' +
          '`provider_unavailable` when the provider could not open a checkout (the order is ' +
          'then `failed`). `discount_code`: amount × (100 − percent) / 100, rounded half up, ' +
          'as the products list shows it; 409 `discount_invalid` for a code that is unknown, ' +
          'expired, used up, another member’s or not for this product. The order holds one ' +
          'use of the code for `DISCOUNT_RESERVATION_MINUTES` (the checkout ends then where ' +
          'the provider allows: Stripe, at the earliest 30 minutes on); the member’s earlier ' +
          'pending order with the same code gives its use up to this one. ' +
          '`client_id` (optional, a UUID the client makes per checkout): the same member ' +
          'sending it again gets the same order, its `redirect_url` while it is pending (a ' +
          'repeat arriving while the first call is still at the provider waits for it) and ' +
          '`/transactions/{id}`, which shows its state, once it is not; nothing is ordered ' +
          'twice, also across instances and after a crash between the commit and the ' +
          'answer. The same key with another product, method or code: 409 ' +
          '`client_id_reused`. A refusal stores nothing and a 502 frees the key, so it can ' +
          'be sent again.',
        body: createOrderSchema,
        response: {
          200: createOrderResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) =>
      createOrder(app.db, { ...deps, log: request.log }, app.requireMember(request), request.body),
  );

  app.get(
    '/api/last-order.php',
    {
      schema: {
        summary: 'The member’s last paid order',
        description: 'What "buy again" (`/credits/repeat-order`) orders; null before the first.',
        response: { 200: lastOrderResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const row = await findLastPaidOrder(app.db, app.requireMember(request));
      return { order: row ? toOrder(row) : null };
    },
  );

  app.get(
    '/api/orders.php',
    {
      schema: {
        summary: 'One of the member’s orders',
        description: 'With the balance and premium end now; 404 for another member’s order.',
        querystring: orderQuerySchema,
        response: {
          200: orderResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readOrder(app.db, app.requireMember(request), request.query.id);
    },
  );
};
