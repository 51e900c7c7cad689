import { PAYMENT_METHODS } from '@amora/shared/schemas/orders';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import { applyPaymentReport, type PaymentLog } from './payment-events.service.js';
import type { PaymentProvider } from './provider-types.js';
import type { StripeProvider } from './stripe-provider.js';

export type { PaymentProvider } from './provider-types.js';

/** What a provider may need from the server besides its configuration. */
export interface ProviderDeps {
  db: Kysely<Database>;
  log: PaymentLog;
}

/**
 * The built-in provider for development and demonstration: a page of this server
 * (`/_pay/demo/{id}`, routes/pay-demo.ts) that says plainly that no money is charged and
 * reports the member's choice through `applyPaymentReport`, as a webhook would. Its refund
 * is immediate: the refund's report is applied at once, through the same function.
 */
export function createDemoProvider(config: AppConfig, deps: ProviderDeps): PaymentProvider {
  return {
    name: 'demo',
    methodsFor: () => [...PAYMENT_METHODS],
    createCheckout: async (order) => ({
      checkoutUrl: `/_pay/demo/${order.id}`,
      providerRef: order.id,
    }),
    // Nothing is kept elsewhere: the demo page reports every fact as it happens.
    async refund(order, amountMinor) {
      const row = await deps.db
        .selectFrom('orders')
        .select(['refunded_amount', 'amount'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      const total = Math.min(row.amount, row.refunded_amount + amountMinor);
      await applyPaymentReport(
        deps.db,
        {
          provider: 'demo',
          eventId: `${order.id}:refunded:${total}`,
          type: 'refund',
          outcome: 'refunded',
          providerRef: order.providerRef ?? order.id,
          orderId: order.id,
          amount: total,
          currency: order.currency,
          live: true,
        },
        { mode: config.mode, log: deps.log },
      );
    },
  };
}

/** Whether the configured provider is Stripe's (whose webhook checks signatures). */
export const isStripeProvider = (provider: PaymentProvider): provider is StripeProvider =>
  provider.name === 'stripe' && 'verifyEvent' in provider;

/**
 * The provider PAYMENT_PROVIDER names, or null when nothing can be bought (`none`). Each
 * provider maps our method ids to its own and reports through `applyPaymentReport`. A
 * provider's SDK is loaded only where it is configured: each takes about a tenth of a
 * second of every start (issue 24).
 */
export async function paymentProviderFor(
  config: AppConfig,
  deps: ProviderDeps,
): Promise<PaymentProvider | null> {
  switch (config.paymentProvider) {
    case 'demo':
      return createDemoProvider(config, deps);
    case 'mollie': {
      const { createMollieProvider } = await import('./mollie-provider.js');
      // The configuration refuses to start without the key.
      return createMollieProvider({ apiKey: config.mollie.apiKey!, apiUrl: config.mollie.apiUrl });
    }
    case 'stripe': {
      const { createStripeProvider } = await import('./stripe-provider.js');
      return createStripeProvider({
        secretKey: config.stripe.secretKey!,
        webhookSecret: config.stripe.webhookSecret,
        apiUrl: config.stripe.apiUrl,
        publicUrl: config.publicUrl,
      });
    }
    case 'none':
      return null;
  }
}
