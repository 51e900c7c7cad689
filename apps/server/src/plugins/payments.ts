import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type ApplyResult,
  applyPaymentReport,
} from '../modules/payments/payment-events.service.js';
import { paymentProviderFor } from '../modules/payments/payment-provider.js';
import type { PaymentProvider, PaymentReport } from '../modules/payments/provider-types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured payment provider; null with PAYMENT_PROVIDER=none. */
    paymentProvider: PaymentProvider | null;
    /**
     * Applies a provider's report exactly once (docs/decisions/030): what every webhook route,
     * the demo checkout and the reconciliation job call. Database errors propagate.
     */
    applyPaymentReport(report: PaymentReport): Promise<ApplyResult>;
  }
}

/** One provider instance per app, shared by the order routes, webhooks and the job. */
export const paymentsPlugin = fp(async (app: FastifyInstance) => {
  const log = app.log.child({ module: 'payments' });
  app.decorate('paymentProvider', await paymentProviderFor(app.config, { db: app.db, log }));
  app.decorate('applyPaymentReport', (report: PaymentReport) =>
    applyPaymentReport(app.db, report, { mode: app.config.mode, log }),
  );
});
