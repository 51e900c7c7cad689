import { methodsForCurrency } from '@amora/shared/rules/payment-methods';
import type { PaymentMethod } from '@amora/shared/schemas/orders';
import Stripe from 'stripe';
import type { PaymentProvider, PaymentReport } from './provider-types.js';

/** Our method ids in Stripe's spelling. */
export const STRIPE_METHODS: Record<
  PaymentMethod,
  Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType
> = {
  card: 'card',
  ideal: 'ideal',
  bancontact: 'bancontact',
  blik: 'blik',
  przelewy24: 'p24',
  eps: 'eps',
  paypal: 'paypal',
};

export interface StripeProviderOptions {
  /** `STRIPE_SECRET_KEY`: `sk_live_…` or `sk_test_…` (a restricted `rk_…` key works too). */
  secretKey: string;
  /** `STRIPE_WEBHOOK_SECRET` (`whsec_…`); without it no webhook call verifies. */
  webhookSecret?: string | undefined;
  /** `STRIPE_API_URL`: an origin (a local stand-in); its protocol, host and port replace api.stripe.com. */
  apiUrl?: string | undefined;
  /** `PUBLIC_URL`: resolves checkout URLs given as paths, since Stripe takes only absolute ones. */
  publicUrl: string;
}

/** Stripe as our provider, plus what its webhook route needs. */
export interface StripeProvider extends PaymentProvider {
  name: 'stripe';
  /** Reads the Checkout Session: used by the reconciliation job when a webhook got lost. */
  fetchPayment(sessionId: string): Promise<PaymentReport[]>;
  /**
   * The event in `raw` when `Stripe-Signature` proves that Stripe sent exactly these bytes
   * (and recently); throws otherwise, and always without a webhook secret.
   */
  verifyEvent(raw: Buffer | string, signature: string | undefined): Stripe.Event;
  /** A verified event in our terms (`reportsFromEvent`), for the webhook route. */
  reportsFromEvent(event: Stripe.Event): PaymentReport[];
}

/**
 * Stripe has no base-URL option: a stand-in's origin is given as the SDK's protocol, host
 * and port, and the SDK keeps its `/v1/…` paths.
 */
function hostConfig(apiUrl: string): Pick<Stripe.StripeConfig, 'protocol' | 'host' | 'port'> {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    host: url.hostname,
    port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port),
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  value == null ? undefined : typeof value === 'string' ? value : value.id;

const orderIdOf = (metadata: Stripe.Metadata | null | undefined): string | undefined =>
  metadata?.order_id || undefined;

/** What a Checkout Session says about its payment, shared by its four events. */
function sessionFacts(session: Stripe.Checkout.Session) {
  return {
    providerRef: session.id,
    intentRef: idOf(session.payment_intent),
    orderId: orderIdOf(session.metadata),
    live: session.livemode,
  };
}

function paidFacts(session: Stripe.Checkout.Session) {
  return {
    ...sessionFacts(session),
    amount: session.amount_total ?? undefined,
    currency: session.currency?.toUpperCase(),
  };
}

/**
 * A verified Stripe event in our terms: the events we ask Stripe for (README) become one
 * report each; every other event, and a completed session still waiting for an
 * asynchronous method (`payment_status: "unpaid"`), says nothing yet.
 */
export function reportsFromEvent(event: Stripe.Event): PaymentReport[] {
  const base = { provider: 'stripe' as const, eventId: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
      if (event.data.object.payment_status !== 'paid') return [];
      return [{ ...base, outcome: 'paid', ...paidFacts(event.data.object), live: event.livemode }];
    case 'checkout.session.async_payment_succeeded':
      return [{ ...base, outcome: 'paid', ...paidFacts(event.data.object), live: event.livemode }];
    case 'checkout.session.async_payment_failed':
      return [
        { ...base, outcome: 'failed', ...sessionFacts(event.data.object), live: event.livemode },
      ];
    case 'checkout.session.expired':
      return [
        { ...base, outcome: 'expired', ...sessionFacts(event.data.object), live: event.livemode },
      ];
    case 'charge.refunded': {
      const charge = event.data.object;
      return [
        {
          ...base,
          outcome: 'refunded',
          intentRef: idOf(charge.payment_intent),
          orderId: orderIdOf(charge.metadata),
          // Cumulative: every refund of the charge so far.
          amount: charge.amount_refunded,
          currency: charge.currency.toUpperCase(),
          live: event.livemode,
        },
      ];
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      return [
        {
          ...base,
          outcome: 'charged_back',
          intentRef: idOf(dispute.payment_intent),
          amount: dispute.amount,
          currency: dispute.currency.toUpperCase(),
          live: event.livemode,
        },
      ];
    }
    default:
      return [];
  }
}

/** The current state of a Checkout Session, as the reconciliation job sees it. */
export function reportsFromSession(session: Stripe.Checkout.Session): PaymentReport[] {
  const base = { provider: 'stripe' as const };
  if (session.status === 'complete' && session.payment_status === 'paid') {
    return [
      {
        ...base,
        eventId: `${session.id}:paid`,
        type: 'paid',
        outcome: 'paid',
        ...paidFacts(session),
      },
    ];
  }
  if (session.status === 'expired') {
    return [
      {
        ...base,
        eventId: `${session.id}:expired`,
        type: 'expired',
        outcome: 'expired',
        ...sessionFacts(session),
      },
    ];
  }
  return [
    {
      ...base,
      eventId: `${session.id}:pending`,
      type: `${session.status ?? 'open'}:${session.payment_status}`,
      outcome: 'pending',
      ...sessionFacts(session),
    },
  ];
}

/**
 * `expires_at` for a session that should end at `at` (when its discount code's hold
 * lapses): Stripe takes 30 minutes to 24 hours after the session's creation, so a sooner end
 * becomes the earliest it allows; a minute's room either way for the two clocks.
 */
export function checkoutExpiry(at: Date, now = Date.now()): number {
  const earliest = now + 31 * 60_000;
  const latest = now + 24 * 3_600_000 - 60_000;
  return Math.floor(Math.min(latest, Math.max(earliest, at.getTime())) / 1000);
}

/** Stripe Checkout through the official SDK (issue 15); no retries: the caller decides. */
export function createStripeProvider({
  secretKey,
  webhookSecret,
  apiUrl,
  publicUrl,
}: StripeProviderOptions): StripeProvider {
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 0,
    ...(apiUrl ? hostConfig(apiUrl) : {}),
  });
  const absolute = (url: string) => new URL(url, `${publicUrl}/`).href;

  return {
    name: 'stripe',
    methodsFor: methodsForCurrency,
    reportsFromEvent,

    async createCheckout(order, urls) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: order.currency.toLowerCase(),
              unit_amount: order.amount,
              product_data: { name: order.description },
            },
          },
        ],
        client_reference_id: order.id,
        metadata: { order_id: order.id },
        payment_intent_data: { metadata: { order_id: order.id } },
        // API version 2026-09-30.endive (this SDK's) removed `payment_method_types` from
        // sessions; `allowed_payment_method_types` is its successor: the member chose the
        // method in our app, so Checkout offers that one only.
        allowed_payment_method_types: [STRIPE_METHODS[order.method]],
        success_url: absolute(urls.redirectUrl),
        cancel_url: absolute(urls.cancelUrl),
        locale: order.locale as Stripe.Checkout.SessionCreateParams.Locale,
        ...(order.expiresAt && { expires_at: checkoutExpiry(order.expiresAt) }),
      });
      if (!session.url) throw new Error(`Stripe answered session ${session.id} without a URL`);
      return { checkoutUrl: session.url, providerRef: session.id };
    },

    async fetchPayment(sessionId) {
      return reportsFromSession(await stripe.checkout.sessions.retrieve(sessionId));
    },

    async refund(order, amountMinor) {
      if (!order.intentRef)
        throw new Error(`Order ${order.id} has no Stripe PaymentIntent to refund`);
      await stripe.refunds.create({ payment_intent: order.intentRef, amount: amountMinor });
    },

    verifyEvent(raw, signature) {
      if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      if (!signature) throw new Error('No Stripe-Signature header');
      return stripe.webhooks.constructEvent(raw, signature, webhookSecret);
    },
  };
}
