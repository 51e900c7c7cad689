import type { PaymentMethod } from '@amora/shared/schemas/orders';

/** What a provider needs to open a checkout for one stored, pending order. */
export interface CheckoutOrder {
  /** Our order id (a UUID): `metadata.order_id` at the provider. */
  id: string;
  /** In minor units (cents, grosze), VAT included: the server's price, never the client's. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  method: PaymentMethod;
  /** Shown on the provider's page and the bank statement. */
  description: string;
  /** One of the seven locales (`en`, `nl`, …): the provider's page language. */
  locale: string;
  /**
   * When the discount code's use the order holds lapses: the checkout should end with it,
   * where the provider lets it be set (Stripe does, within its limits; Mollie does not).
   */
  expiresAt?: Date | undefined;
}

export interface CheckoutUrls {
  /** `PUBLIC_URL/transactions/{orderId}`: where the browser comes back to. */
  redirectUrl: string;
  /** Where the browser goes when the member cancels at the provider (Stripe `cancel_url`). */
  cancelUrl: string;
  /** `PUBLIC_URL/api/payments/{provider}-webhook.php` (Mollie takes it per payment). */
  webhookUrl: string;
}

export interface CheckoutStarted {
  checkoutUrl: string;
  /** Mollie payment id `tr_…`, Stripe Checkout Session id `cs_…`, demo: the order id. */
  providerRef: string;
}

/**
 * One fact a provider reported about a payment, in our terms. The payments service applies
 * reports exactly once per `(provider, eventId)`; every report is kept in `payment_events`.
 */
export interface PaymentReport {
  provider: 'demo' | 'mollie' | 'stripe';
  /**
   * Unique per fact: Stripe's event id; for Mollie (whose webhook only names the payment)
   * the payment id with the fact, e.g. `tr_x:paid`, `tr_x:refunded:1500`, `tr_x:chargeback:1500`.
   */
  eventId: string;
  /** The provider's own name for it (`checkout.session.completed`, `paid`, …), kept as is. */
  type: string;
  outcome: 'paid' | 'failed' | 'cancelled' | 'expired' | 'refunded' | 'charged_back' | 'pending';
  /** Mollie payment id or Stripe session id, when the fact names one. */
  providerRef?: string | undefined;
  /** Stripe PaymentIntent id, when the fact names one. */
  intentRef?: string | undefined;
  /** `metadata.order_id` as the provider sent it back. */
  orderId?: string | undefined;
  /**
   * paid: the amount paid; refunded / charged_back: the total taken back so far at the
   * provider (cumulative, as both providers report it). Minor units.
   */
  amount?: number | undefined;
  currency?: string | undefined;
  /** false for a test-mode payment (Mollie `mode: "test"`, Stripe `livemode: false`). */
  live: boolean;
}

/** A stored order as a provider needs it for a refund. */
export interface RefundableOrder {
  id: string;
  currency: string;
  providerRef: string | null;
  intentRef: string | null;
}

/**
 * A payment provider. `createCheckout` is called after the pending order is stored and
 * outside any transaction; `fetchPayment` asks the provider for the current facts (Mollie's
 * webhook, the reconciliation job); `refund` asks it to pay back (the order changes only
 * when the provider's event arrives).
 */
export interface PaymentProvider {
  name: 'demo' | 'mollie' | 'stripe';
  /** The methods this provider offers for a currency, in our ids. */
  methodsFor(currency: string): PaymentMethod[];
  createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CheckoutStarted>;
  fetchPayment?(providerRef: string): Promise<PaymentReport[]>;
  /**
   * The reference of the checkout opened since `since` for this order, found at the provider
   * by the order id it carries; null when there is none. For an order whose reference was
   * never stored (the server stopped between the provider's answer and the database).
   */
  findCheckout?(orderId: string, since: Date): Promise<string | null>;
  refund(order: RefundableOrder, amountMinor: number): Promise<void>;
}
