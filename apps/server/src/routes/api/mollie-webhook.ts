import { apiErrorSchema } from '@amora/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressKey } from '../../lib/client-address.js';
import { tooManyRequests } from '../../lib/errors.js';
import { perMinuteLimit } from '../../lib/per-minute-limit.js';
import type { PaymentProvider, PaymentReport } from '../../modules/payments/provider-types.js';

/** Ids no order holds that one address may post in a minute before 429. */
export const UNKNOWN_IDS_PER_MINUTE = 60;

export interface MollieWebhookOptions {
  /** The Mollie provider, or null when PAYMENT_PROVIDER is something else. */
  provider: PaymentProvider | null;
  /** Applies one fact exactly once (the payments service); throws when the database fails. */
  apply: (report: PaymentReport) => Promise<void>;
  /** Whether one of our Mollie orders holds this payment id (`orders.provider_ref`). */
  holdsPayment: (id: string) => Promise<boolean>;
  /** False when `RATE_LIMIT=off` lifts the per-address limits, this one's among them. */
  limitUnknownIds: boolean;
}

const webhookBodySchema = z.object({
  id: z.string().min(1).max(100).describe('The Mollie payment id, `tr_…`'),
});

/**
 * `POST /api/payments/mollie-webhook.php`: Mollie says that something happened to a payment
 * and names nothing but its id. The facts are fetched from Mollie, the only source trusted,
 * and only for an id one of our orders holds: a forged call costs a lookup here, never a
 * call to Mollie (whose API limits us), and an address posting more than
 * {@link UNKNOWN_IDS_PER_MINUTE} such ids a minute gets 429. Registered in every mode and
 * with any provider: without Mollie, or for an id no order holds or Mollie does not know, it
 * answers 200 and changes nothing (Mollie stops calling); the reconciliation job finds a
 * payment whose id its order never stored. A failure to fetch or store answers 500, and
 * Mollie calls again later.
 */
export const mollieWebhookRoutes: FastifyPluginAsyncZod<MollieWebhookOptions> = async (
  app,
  { provider, apply, holdsPayment, limitUnknownIds },
) => {
  const unknownIds = perMinuteLimit(limitUnknownIds ? UNKNOWN_IDS_PER_MINUTE : null);
  // Mollie posts a form; this plugin's encapsulation keeps the parser to its own route.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/api/payments/mollie-webhook.php',
    {
      config: { providerCallback: true },
      schema: {
        summary: 'Mollie’s webhook: a payment changed',
        description:
          'Called by Mollie, not by the app: a form body `id=tr_…`, no X-App-Package, not ' +
          'under the API’s per-address call limit. For an id one of the orders holds, the ' +
          'server fetches the payment from Mollie and applies its status, refunds and ' +
          'chargebacks exactly once. 200 without asking Mollie when Mollie is not the ' +
          `provider or no order holds the id (nothing changes); 429 past ${UNKNOWN_IDS_PER_MINUTE} ` +
          'such ids a minute from one address; 500 when the payment could not be fetched ' +
          'or stored, so that Mollie tries again.',
        consumes: ['application/x-www-form-urlencoded'],
        body: webhookBodySchema,
        response: {
          200: z.object({ ok: z.literal(true) }),
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      if (provider?.name !== 'mollie' || !provider.fetchPayment) return { ok: true as const };
      if (!(await holdsPayment(request.body.id))) {
        if (!unknownIds(addressKey(request.ip))) {
          throw tooManyRequests('Too many unknown payment ids from this address');
        }
        return { ok: true as const };
      }
      const reports = await provider.fetchPayment(request.body.id);
      for (const report of reports) await apply(report);
      if (reports.length === 0) request.log.info({ id: request.body.id }, 'unknown Mollie payment');
      return { ok: true as const };
    },
  );
};
