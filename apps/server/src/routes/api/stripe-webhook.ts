import { apiErrorSchema } from '@amora/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import type { PaymentReport } from '../../modules/payments/provider-types.js';
import type { StripeProvider } from '../../modules/payments/stripe-provider.js';

export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe-webhook.php';
/** Stripe's events are a few kB; a megabyte leaves room without inviting floods. */
const BODY_LIMIT = 1024 * 1024;

export interface StripeWebhookOptions {
  /** Null when Stripe is not the configured provider: the route still answers (400). */
  provider: StripeProvider | null;
  /** Applies one report exactly once; a failure answers 500, so Stripe delivers again. */
  apply: (report: PaymentReport) => Promise<void>;
}

/**
 * Stripe's webhook (issue 15). Registered on its own, not through fastify-plugin: its raw
 * JSON parser stays inside, so the signature is checked over the exact bytes Stripe signed
 * while every other route keeps parsing JSON.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookOptions> = async (
  app,
  { provider, apply },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    STRIPE_WEBHOOK_PATH,
    {
      config: { providerCallback: true },
      schema: {
        summary: 'Stripe webhook: checkout, refund and dispute events',
        description:
          'Called by Stripe, not by the app: no X-App-Package header, no per-address limit. ' +
          'The body is a Stripe event, taken only when `Stripe-Signature` verifies with ' +
          'STRIPE_WEBHOOK_SECRET (else 400, and nothing changes). Each event is applied once; ' +
          'a 500 makes Stripe deliver it again.',
        headers: z.looseObject({
          'stripe-signature': z.string().optional().describe('Stripe’s signature of the body'),
        }),
        response: {
          200: z.object({ received: z.literal(true) }),
          400: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const raw = request.body;
      const signature = request.headers['stripe-signature'];
      if (!provider) throw badRequest('bad_request', 'Stripe is not the payment provider here');
      if (!Buffer.isBuffer(raw)) throw badRequest('bad_request', 'The body must be a Stripe event');
      let event: ReturnType<StripeProvider['verifyEvent']>;
      try {
        event = provider.verifyEvent(raw, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        request.log.warn({ reason: (error as Error).message }, 'stripe webhook not verified');
        throw badRequest('bad_request', 'The Stripe-Signature header does not verify');
      }
      const reports = provider.reportsFromEvent(event);
      request.log.info(
        { eventId: event.id, type: event.type, reports: reports.length },
        'stripe event',
      );
      for (const report of reports) await apply(report);
      return { received: true as const };
    },
  );
};
