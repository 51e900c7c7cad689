import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../test/stand-ins/stripe-stand-in.js';
import type { CheckoutOrder, CheckoutUrls } from './provider-types.js';
import {
  createStripeProvider,
  reportsFromEvent,
  reportsFromSession,
  type StripeProvider,
} from './stripe-provider.js';

const WEBHOOK_SECRET = 'whsec_test_provider';
const ORDER_ID = '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f';
const order: CheckoutOrder = {
  id: ORDER_ID,
  amount: 1299,
  currency: 'EUR',
  method: 'ideal',
  description: '50 credits',
  locale: 'nl',
};
const urls: CheckoutUrls = {
  redirectUrl: `https://amora.example/transactions/${ORDER_ID}`,
  cancelUrl: `https://amora.example/transactions/${ORDER_ID}?cancelled=1`,
  webhookUrl: 'https://amora.example/api/payments/stripe-webhook.php',
};

let standIn: StripeStandIn;
let provider: StripeProvider;
beforeAll(async () => {
  standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  provider = createStripeProvider({
    secretKey: 'sk_test_amora',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: standIn.url,
    publicUrl: 'https://amora.example',
  });
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.livemode = false;
});

/** An event as the webhook route gets it: signed by the stand-in, verified by the SDK. */
function verified(type: string, object: Record<string, unknown>): Stripe.Event {
  const { payload, header } = standIn.signedEvent(type, object);
  return provider.verifyEvent(Buffer.from(payload), header);
}

/** A checkout the member paid at the stand-in (events go nowhere: no webhook URL). */
async function paidSession() {
  const { providerRef } = await provider.createCheckout(order, urls);
  const session = standIn.sessions.get(providerRef);
  if (!session) throw new Error('no session');
  session.status = 'complete';
  session.paymentStatus = 'paid';
  session.intentId = `pi_${providerRef.slice(-8)}`;
  session.chargeId = `ch_${providerRef.slice(-8)}`;
  return session;
}

describe('createCheckout', () => {
  it('sends exactly the issue’s fields through the SDK and answers the hosted page', async () => {
    const started = await provider.createCheckout(order, urls);
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.headers.authorization).toBe('Bearer sk_test_amora');
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1299',
      'line_items[0][price_data][product_data][name]': '50 credits',
      client_reference_id: ORDER_ID,
      'metadata[order_id]': ORDER_ID,
      'payment_intent_data[metadata][order_id]': ORDER_ID,
      'allowed_payment_method_types[0]': 'ideal',
      success_url: urls.redirectUrl,
      cancel_url: urls.cancelUrl,
      locale: 'nl',
    });
    expect(started.providerRef).toMatch(/^cs_test_/);
    expect(started.checkoutUrl).toBe(`${standIn.url}/pay/${started.providerRef}`);
    const page = await fetch(started.checkoutUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('12.99 EUR');
  });

  it('maps every method id to Stripe’s and resolves URLs given as paths', async () => {
    const expected = {
      card: 'card',
      ideal: 'ideal',
      bancontact: 'bancontact',
      blik: 'blik',
      przelewy24: 'p24',
      eps: 'eps',
      paypal: 'paypal',
    } as const;
    for (const [method, stripeMethod] of Object.entries(expected)) {
      standIn.requests.length = 0;
      await provider.createCheckout(
        { ...order, method: method as keyof typeof expected, currency: 'PLN' },
        { ...urls, redirectUrl: `/transactions/${ORDER_ID}` },
      );
      expect(standIn.requests[0]?.form['allowed_payment_method_types[0]']).toBe(stripeMethod);
      expect(standIn.requests[0]?.form['line_items[0][price_data][currency]']).toBe('pln');
      expect(standIn.requests[0]?.form.success_url).toBe(
        `https://amora.example/transactions/${ORDER_ID}`,
      );
    }
  });

  it('ends the checkout when the order’s discount hold lapses, within Stripe’s 30 minutes to 24 hours', async () => {
    const minutes = (m: number) => new Date(Date.now() + m * 60_000);
    const expiresIn = async (expiresAt?: Date) => {
      const { providerRef } = await provider.createCheckout({ ...order, expiresAt }, urls);
      const session = standIn.sessionObject(providerRef) as { created: number; expires_at: number };
      return (session.expires_at - session.created) / 60;
    };
    // An hour's hold: the session ends with it.
    expect(await expiresIn(minutes(60))).toBeCloseTo(60, 0);
    // Sooner than Stripe allows: the earliest it allows (and a minute for the clocks).
    expect(await expiresIn(minutes(10))).toBeCloseTo(31, 0);
    // No code held: Stripe's own 24 hours.
    expect(await expiresIn()).toBe(24 * 60);
    const sent = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sent.map((r) => r.form.expires_at === undefined)).toEqual([false, false, true]);
  });

  it('is refused by the stand-in as by Stripe for an end under 30 minutes away', async () => {
    const stripe = (await import('stripe')).default;
    const client = new stripe('sk_test_amora', {
      host: new URL(standIn.url).hostname,
      port: Number(new URL(standIn.url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(
      client.checkout.sessions.create({
        mode: 'payment',
        success_url: 'https://amora.example/x',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'x' } },
          },
        ],
        expires_at: Math.floor(Date.now() / 1000) + 600,
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'expires_at' });
  });

  it('fails when Stripe fails, without retrying', async () => {
    standIn.failNext(1);
    await expect(provider.createCheckout(order, urls)).rejects.toThrow();
    expect(standIn.requests).toHaveLength(1);
    const wrongKey = createStripeProvider({
      secretKey: 'not-a-key',
      apiUrl: standIn.url,
      publicUrl: 'https://amora.example',
    });
    await expect(wrongKey.createCheckout(order, urls)).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
    });
  });
});

describe('methodsFor', () => {
  it('offers the methods the currency allows', () => {
    expect(provider.methodsFor('EUR')).toEqual(['card', 'ideal', 'bancontact', 'eps', 'paypal']);
    expect(provider.methodsFor('PLN')).toEqual(['card', 'blik', 'przelewy24', 'paypal']);
    expect(provider.methodsFor('CHF')).toEqual(['card', 'paypal']);
  });
});

describe('refund', () => {
  it('posts the payment_intent and the amount', async () => {
    const session = await paidSession();
    standIn.requests.length = 0;
    await provider.refund(
      { id: ORDER_ID, currency: 'EUR', providerRef: session.id, intentRef: session.intentId },
      500,
    );
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]?.path).toBe('/v1/refunds');
    expect(standIn.requests[0]?.form).toEqual({
      payment_intent: session.intentId,
      amount: '500',
    });
    expect(session.amountRefunded).toBe(500);
    // More than is left: Stripe refuses, and so does the provider.
    await expect(
      provider.refund(
        { id: ORDER_ID, currency: 'EUR', providerRef: session.id, intentRef: session.intentId },
        1000,
      ),
    ).rejects.toMatchObject({ code: 'amount_too_large' });
  });

  it('refuses an order that has no PaymentIntent without calling Stripe', async () => {
    await expect(
      provider.refund({ id: ORDER_ID, currency: 'EUR', providerRef: 'cs_x', intentRef: null }, 1),
    ).rejects.toThrow(/PaymentIntent/);
    expect(standIn.requests).toHaveLength(0);
  });
});

describe('fetchPayment', () => {
  it('reads the Checkout Session: open → pending, paid → paid, expired → expired', async () => {
    const { providerRef } = await provider.createCheckout(order, urls);
    standIn.requests.length = 0;
    expect(await provider.fetchPayment(providerRef)).toEqual([
      expect.objectContaining({ outcome: 'pending', providerRef, orderId: ORDER_ID, live: false }),
    ]);
    expect(standIn.requests[0]).toMatchObject({
      method: 'GET',
      path: `/v1/checkout/sessions/${providerRef}`,
    });

    const session = await paidSession();
    expect(await provider.fetchPayment(session.id)).toEqual([
      {
        provider: 'stripe',
        eventId: `${session.id}:paid`,
        type: 'paid',
        outcome: 'paid',
        providerRef: session.id,
        intentRef: session.intentId,
        orderId: ORDER_ID,
        amount: 1299,
        currency: 'EUR',
        live: false,
      },
    ]);

    const expiring = await provider.createCheckout(order, urls);
    const stored = standIn.sessions.get(expiring.providerRef);
    if (stored) stored.status = 'expired';
    expect(await provider.fetchPayment(expiring.providerRef)).toEqual([
      expect.objectContaining({
        eventId: `${expiring.providerRef}:expired`,
        outcome: 'expired',
        orderId: ORDER_ID,
      }),
    ]);
  });

  it('reads an unknown session as an error', async () => {
    await expect(provider.fetchPayment('cs_test_unknown')).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  it('treats a complete but unpaid session (asynchronous method) as pending', () => {
    const [report] = reportsFromSession({
      id: 'cs_test_async',
      status: 'complete',
      payment_status: 'unpaid',
      livemode: true,
      metadata: { order_id: ORDER_ID },
      payment_intent: 'pi_async',
    } as unknown as Stripe.Checkout.Session);
    expect(report).toMatchObject({ outcome: 'pending', intentRef: 'pi_async', live: true });
  });
});

describe('reportsFromEvent', () => {
  it('reads a paid checkout.session.completed, upper-casing the currency', async () => {
    const session = await paidSession();
    const event = verified('checkout.session.completed', standIn.sessionObject(session.id));
    expect(reportsFromEvent(event)).toEqual([
      {
        provider: 'stripe',
        eventId: event.id,
        type: 'checkout.session.completed',
        outcome: 'paid',
        providerRef: session.id,
        intentRef: session.intentId,
        orderId: ORDER_ID,
        amount: 1299,
        currency: 'EUR',
        live: false,
      },
    ]);
  });

  it('says nothing yet for a completed session whose payment is still under way', async () => {
    const { providerRef } = await provider.createCheckout(order, urls);
    const object = { ...standIn.sessionObject(providerRef), status: 'complete' };
    expect(reportsFromEvent(verified('checkout.session.completed', object))).toEqual([]);
  });

  it('reads async_payment_succeeded as paid, and carries livemode', async () => {
    const session = await paidSession();
    standIn.livemode = true;
    const event = verified(
      'checkout.session.async_payment_succeeded',
      standIn.sessionObject(session.id),
    );
    expect(reportsFromEvent(event)).toEqual([
      expect.objectContaining({
        eventId: event.id,
        outcome: 'paid',
        amount: 1299,
        currency: 'EUR',
        live: true,
      }),
    ]);
  });

  it('reads async_payment_failed as failed and expired as expired', async () => {
    const { providerRef } = await provider.createCheckout(order, urls);
    const failed = verified('checkout.session.async_payment_failed', {
      ...standIn.sessionObject(providerRef),
      status: 'complete',
      payment_intent: 'pi_failed',
    });
    expect(reportsFromEvent(failed)).toEqual([
      {
        provider: 'stripe',
        eventId: failed.id,
        type: 'checkout.session.async_payment_failed',
        outcome: 'failed',
        providerRef,
        intentRef: 'pi_failed',
        orderId: ORDER_ID,
        live: false,
      },
    ]);
    const expired = verified('checkout.session.expired', {
      ...standIn.sessionObject(providerRef),
      status: 'expired',
    });
    expect(reportsFromEvent(expired)).toEqual([
      {
        provider: 'stripe',
        eventId: expired.id,
        type: 'checkout.session.expired',
        outcome: 'expired',
        providerRef,
        intentRef: undefined,
        orderId: ORDER_ID,
        live: false,
      },
    ]);
  });

  it('reads charge.refunded as the cumulative amount refunded', async () => {
    const session = await paidSession();
    const charge = {
      id: session.chargeId,
      object: 'charge',
      amount: 1299,
      amount_refunded: 800,
      currency: 'eur',
      metadata: { order_id: ORDER_ID },
      payment_intent: session.intentId,
      livemode: false,
    };
    const event = verified('charge.refunded', charge);
    expect(reportsFromEvent(event)).toEqual([
      {
        provider: 'stripe',
        eventId: event.id,
        type: 'charge.refunded',
        outcome: 'refunded',
        intentRef: session.intentId,
        orderId: ORDER_ID,
        amount: 800,
        currency: 'EUR',
        live: false,
      },
    ]);
  });

  it('reads charge.dispute.created as a chargeback of the disputed amount', async () => {
    const event = verified('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      amount: 1299,
      charge: 'ch_1',
      currency: 'pln',
      metadata: {},
      payment_intent: 'pi_disputed',
      livemode: false,
    });
    expect(reportsFromEvent(event)).toEqual([
      {
        provider: 'stripe',
        eventId: event.id,
        type: 'charge.dispute.created',
        outcome: 'charged_back',
        intentRef: 'pi_disputed',
        amount: 1299,
        currency: 'PLN',
        live: false,
      },
    ]);
  });

  it('ignores every other event', () => {
    expect(
      reportsFromEvent(
        verified('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' }),
      ),
    ).toEqual([]);
    expect(
      reportsFromEvent(verified('customer.created', { id: 'cus_1', object: 'customer' })),
    ).toEqual([]);
  });
});

describe('verifyEvent', () => {
  it('refuses a wrong or missing signature, and everything without a webhook secret', () => {
    const { payload, header } = standIn.signedEvent(
      'checkout.session.expired',
      { id: 'cs_1' },
      'bad',
    );
    expect(() => provider.verifyEvent(Buffer.from(payload), header)).toThrow();
    expect(() => provider.verifyEvent(Buffer.from(payload), undefined)).toThrow();
    const good = standIn.signedEvent('checkout.session.expired', { id: 'cs_1' });
    // One changed byte in the body breaks the signature.
    expect(() =>
      provider.verifyEvent(Buffer.from(good.payload.replace('cs_1', 'cs_2')), good.header),
    ).toThrow();
    expect(provider.verifyEvent(Buffer.from(good.payload), good.header).id).toBe(good.event.id);
    const noSecret = createStripeProvider({
      secretKey: 'sk_test_amora',
      apiUrl: standIn.url,
      publicUrl: 'https://amora.example',
    });
    expect(() => noSecret.verifyEvent(Buffer.from(good.payload), good.header)).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });
});
