import { apiErrorSchema } from '@amora/shared/schemas/common';
import {
  discountOfferSchema,
  discountQuerySchema,
  discountSchema,
} from '@amora/shared/schemas/discounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentDiscount, stayOffer } from '../../modules/payments/discounts.js';

/** Discount codes (spec sections 3, 7, 8; docs/decisions/032). */
export const discountCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/discountcode.php',
    {
      schema: {
        summary: 'The member’s discount code now',
        description:
          'With `welcome=true`: the member’s own welcome code (`WELCOME-…`, ' +
          '`WELCOME_DISCOUNT_PERCENT` % for `WELCOME_DISCOUNT_DAYS` days after signup). ' +
          'Otherwise the page’s query: the code `code` names when it works for the member ' +
          '(kind `campaign` for a code anyone may use, `personal` for the member’s stay ' +
          'offer), else the running time bonus (`TIME_BONUS_PERCENT` % for ' +
          '`TIME_BONUS_HOURS` hours after signup). Other parameters are ignored. `covers`: ' +
          'what it lowers (`both` credits and premium, `premium` or `credits` only). A code ' +
          'the member’s own pending order holds still answers: their next order with it ' +
          'releases the first. 404 `no_discount` when none applies.',
        querystring: discountQuerySchema,
        response: { 200: discountSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const memberId = app.requireMember(request);
      reply.header('cache-control', 'no-store');
      return currentDiscount(app.db, app.config.discounts, memberId, request.query);
    },
  );

  app.post(
    '/api/discountcode.php',
    {
      schema: {
        summary: 'The account-deletion dialog’s offer to stay',
        description:
          '`{ offer: "stay" }`: a personal code of `companyinfo.delete_discount` % off premium ' +
          'products, valid 14 days; once per member (asked again, the same code). 404 ' +
          '`no_discount` when the site offers none.',
        body: discountOfferSchema,
        response: {
          200: discountSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => stayOffer(app.db, app.requireMember(request)),
  );
};
