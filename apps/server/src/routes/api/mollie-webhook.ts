import { apiErrorSchema } from '@amora/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentProvider, PaymentReport } from '../../modules/payments/provider-types.js';

export interface MollieWebhookOptions {
  /** The Mollie provider, or null when PAYMENT_PROVIDER is something else. */
  provider: PaymentProvider | null;
  /** Applies one fact exactly once (the payments service); throws when the database fails. */
  apply: (report: PaymentReport) => Promise<void>;
}

const webhookBodySchema = z.object({
  id: z.string().min(1).max(100).describe('The Mollie payment id, `tr_…`'),
});

/**
 * `POST /api/payments/mollie-webhook.php`: Mollie says that something happened to a payment
 * and names nothing but its id. The facts are fetched from Mollie, the only source trusted,
 * so a forged call can at most make the server look. Registered in every mode and with any
 * provider: without Mollie, or for an id Mollie does not know, it answers 200 and changes
 * nothing (Mollie stops calling); a failure to fetch or store answers 500, and Mollie calls
 * again later.
 */
export const mollieWebhookRoutes: FastifyPluginAsyncZod<MollieWebhookOptions> = async (
  app,
  { provider, apply },
) => {
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
          'Called by Mollie, not by the app: a form body `id=tr_…`, no X-App-Package, no ' +
          'per-address limit. The server fetches the payment from Mollie and applies its ' +
          'status, refunds and chargebacks exactly once. 200 also when Mollie is not the ' +
          'provider or does not know the id (nothing changes); 500 when the payment could ' +
          'not be fetched or stored, so that Mollie tries again.',
        consumes: ['application/x-www-form-urlencoded'],
        body: webhookBodySchema,
        response: { 200: z.object({ ok: z.literal(true) }), 400: apiErrorSchema },
      },
    },
    async (request) => {
      if (provider?.name !== 'mollie' || !provider.fetchPayment) return { ok: true as const };
      const reports = await provider.fetchPayment(request.body.id);
      for (const report of reports) await apply(report);
      if (reports.length === 0) request.log.info({ id: request.body.id }, 'unknown Mollie payment');
      return { ok: true as const };
    },
  );
};
