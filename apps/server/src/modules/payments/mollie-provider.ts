import http from 'node:http';
import https from 'node:https';
import { methodsForCurrency } from '@amora/shared/rules/payment-methods';
import type { PaymentMethod } from '@amora/shared/schemas/orders';
import {
  createMollieClient,
  Locale,
  MollieApiError,
  type MollieClient,
  PaymentMethod as MollieMethod,
  type Payment,
} from '@mollie/api-client';
import { isLoopbackHost } from '../../lib/loopback.js';
import type {
  CheckoutOrder,
  CheckoutStarted,
  CheckoutUrls,
  PaymentProvider,
  PaymentReport,
  RefundableOrder,
} from './provider-types.js';

/** Pages of 250 payments read when looking for an order's lost payment id (`findCheckout`). */
const MAX_LIST_PAGES = 8;

/** Our method ids as Mollie names them (all seven are Mollie methods). */
export const MOLLIE_METHODS: Readonly<Record<PaymentMethod, MollieMethod>> = {
  card: MollieMethod.creditcard,
  ideal: MollieMethod.ideal,
  bancontact: MollieMethod.bancontact,
  blik: MollieMethod.blik,
  przelewy24: MollieMethod.przelewy24,
  eps: MollieMethod.eps,
  paypal: MollieMethod.paypal,
};

/** The language of Mollie's payment pages for each of our seven locales. */
const MOLLIE_LOCALES: Readonly<Record<string, Locale>> = {
  en: Locale.en_US,
  nl: Locale.nl_NL,
  de: Locale.de_DE,
  fr: Locale.fr_FR,
  es: Locale.es_ES,
  it: Locale.it_IT,
  pl: Locale.pl_PL,
};

/**
 * `MOLLIE_API_URL` as the SDK's `apiEndpoint`: a bare origin gets Mollie's `/v2/` path. Plain
 * HTTP only for a stand-in on this machine, so that an API key never travels in clear text.
 */
export function mollieApiEndpoint(apiUrl: string): string {
  const url = new URL(apiUrl);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new Error('MOLLIE_API_URL may use http only on this machine (localhost, 127.0.0.1, ::1)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('MOLLIE_API_URL must be an http(s) URL');
  }
  if (url.pathname === '/') url.pathname = '/v2/';
  return url.href;
}

/**
 * The SDK opens every connection through an `https.Agent` of its own, which Node refuses for
 * an `http:` URL, and offers no option for it. For a local stand-in the agent it builds is an
 * `http.Agent` instead: swapped only for the synchronous construction of this one client.
 */
function createClient(apiKey: string, apiEndpoint: string | undefined): MollieClient {
  const options = { apiKey, ...(apiEndpoint && { apiEndpoint }) };
  if (!apiEndpoint?.startsWith('http:')) return createMollieClient(options);
  const httpsAgent = https.Agent;
  Reflect.set(https, 'Agent', http.Agent);
  try {
    return createMollieClient(options);
  } finally {
    Reflect.set(https, 'Agent', httpsAgent);
  }
}

/** Minor units as Mollie's amount value: 1234 → "12.34" (every currency sold has 2 decimals). */
export function mollieValue(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`Invalid amount ${minor}`);
  const digits = String(minor).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Mollie's amount value in minor units: "12.34" → 1234, exactly (no floating point). */
export function minorUnits(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new Error(`Unexpected Mollie amount ${JSON.stringify(value)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The payment's facts in our terms: its status, then refunds and chargebacks so far. */
export function mollieReports(payment: Payment): PaymentReport[] {
  const metadata = payment.metadata as { order_id?: unknown } | null;
  const base = {
    provider: 'mollie' as const,
    providerRef: payment.id,
    orderId: typeof metadata?.order_id === 'string' ? metadata.order_id : undefined,
    live: payment.mode === 'live',
  };
  const reports: PaymentReport[] = [];
  const status = {
    paid: 'paid',
    failed: 'failed',
    canceled: 'cancelled',
    expired: 'expired',
    open: 'pending',
    pending: 'pending',
    authorized: 'pending',
  } as const;
  const outcome = status[payment.status];
  if (outcome) {
    reports.push({
      ...base,
      eventId: `${payment.id}:${payment.status}`,
      type: payment.status,
      outcome,
      amount: minorUnits(payment.amount.value),
      currency: payment.amount.currency,
    });
  }
  const refunded = payment.amountRefunded ? minorUnits(payment.amountRefunded.value) : 0;
  if (refunded > 0) {
    reports.push({
      ...base,
      eventId: `${payment.id}:refunded:${refunded}`,
      type: 'refunded',
      outcome: 'refunded',
      amount: refunded,
      currency: payment.amountRefunded!.currency,
    });
  }
  const chargedBack = payment.amountChargedBack ? minorUnits(payment.amountChargedBack.value) : 0;
  if (chargedBack > 0) {
    reports.push({
      ...base,
      eventId: `${payment.id}:chargeback:${chargedBack}`,
      type: 'chargeback',
      outcome: 'charged_back',
      amount: chargedBack,
      currency: payment.amountChargedBack!.currency,
    });
  }
  return reports;
}

/**
 * What reaches our callers of a failed call: no Mollie status code (the errors plugin would
 * answer with it) and no Mollie text in an answer, only in the log through `cause`.
 */
function providerError(call: string, error: unknown): Error {
  const status = error instanceof MollieApiError ? ` (${error.statusCode ?? 'no answer'})` : '';
  return new Error(`Mollie ${call} failed${status}`, { cause: error });
}

/** Gives up on a call Mollie does not answer in time (the SDK sets no timeout). */
async function within<T>(ms: number, call: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Mollie ${call} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface MollieProviderOptions {
  /** `MOLLIE_API_KEY`: `live_…`, or `test_…` (test payments, flagged in production). */
  apiKey: string;
  /** `MOLLIE_API_URL`: a local stand-in of Mollie's API instead of api.mollie.com. */
  apiUrl?: string | undefined;
  /** How long one call may take, retries included (default 20 s). */
  timeoutMs?: number;
}

/**
 * Mollie through its official SDK. The server makes four calls and nothing else:
 * `payments.create`, `payments.get` (the webhook names only the payment; its facts are
 * fetched, never believed from the request), `payments.page` (only for an order whose
 * payment id was never stored) and `paymentRefunds.create`.
 */
export function createMollieProvider(options: MollieProviderOptions): PaymentProvider {
  // The SDK has no retry option: it repeats a call answered 5xx up to twice (2 s apart) under
  // one idempotency key, so a repeated create or refund cannot pay or refund twice.
  const client = createClient(
    options.apiKey,
    options.apiUrl ? mollieApiEndpoint(options.apiUrl) : undefined,
  );
  const timeoutMs = options.timeoutMs ?? 20_000;
  const call = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await within(timeoutMs, name, run());
    } catch (error) {
      throw providerError(name, error);
    }
  };

  return {
    name: 'mollie',
    methodsFor: (currency) =>
      methodsForCurrency(currency).filter((method) => method in MOLLIE_METHODS),

    async createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CheckoutStarted> {
      const locale = MOLLIE_LOCALES[order.locale];
      const payment = await call('payments.create', () =>
        client.payments.create({
          amount: { currency: order.currency, value: mollieValue(order.amount) },
          description: order.description,
          redirectUrl: urls.redirectUrl,
          webhookUrl: urls.webhookUrl,
          method: MOLLIE_METHODS[order.method],
          ...(locale && { locale }),
          metadata: { order_id: order.id },
        }),
      );
      const checkoutUrl = payment.getCheckoutUrl();
      if (!checkoutUrl) throw new Error(`Mollie payment ${payment.id} has no checkout link`);
      return { checkoutUrl, providerRef: payment.id };
    },

    async fetchPayment(providerRef: string): Promise<PaymentReport[]> {
      // The SDK refuses other ids itself; to us they are ids Mollie does not know.
      if (!/^tr_[A-Za-z0-9]+$/.test(providerRef)) return [];
      try {
        const payment = await within(timeoutMs, 'payments.get', client.payments.get(providerRef));
        return mollieReports(payment);
      } catch (error) {
        if (error instanceof MollieApiError && error.statusCode === 404) return [];
        throw providerError('payments.get', error);
      }
    },

    async findCheckout(orderId: string, since: Date): Promise<string | null> {
      // Mollie looks payments up by their id only: its list, newest first, is read back to
      // the order's creation (a minute earlier, for the two clocks), a few pages at most.
      const floor = since.getTime() - 60_000;
      let page = await call('payments.page', () => client.payments.page({ limit: 250 }));
      for (let pages = 1; ; pages += 1) {
        for (const payment of page) {
          if (Date.parse(payment.createdAt) < floor) return null;
          const metadata = payment.metadata as { order_id?: unknown } | null;
          if (metadata?.order_id === orderId) return payment.id;
        }
        const next = page.nextPage;
        if (!next || pages >= MAX_LIST_PAGES) return null;
        page = await call('payments.page', next);
      }
    },

    async refund(order: RefundableOrder, amountMinor: number): Promise<void> {
      const paymentId = order.providerRef;
      if (!paymentId) throw new Error(`Order ${order.id} has no Mollie payment to refund`);
      await call('paymentRefunds.create', () =>
        client.paymentRefunds.create({
          paymentId,
          amount: { currency: order.currency, value: mollieValue(amountMinor) },
        }),
      );
    },
  };
}
