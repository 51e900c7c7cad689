import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MollieStandIn, startMollieStandIn } from '../../test/stand-ins/mollie-stand-in.js';
import { createMollieProvider, mollieApiEndpoint } from './mollie-provider.js';
import type { CheckoutOrder, CheckoutUrls, PaymentProvider } from './provider-types.js';

const ORDER_ID = '3f0c8a52-3f4e-4b8e-9d56-6a1d2a7b9c01';
const order = (overrides: Partial<CheckoutOrder> = {}): CheckoutOrder => ({
  id: ORDER_ID,
  amount: 1234,
  currency: 'EUR',
  method: 'ideal',
  description: 'Amora: 50 credits',
  locale: 'nl',
  ...overrides,
});
// Port 1 refuses at once: the stand-in's webhook calls after a refund reach nobody.
const urls: CheckoutUrls = {
  redirectUrl: `https://amora.example/transactions/${ORDER_ID}`,
  cancelUrl: `https://amora.example/transactions/${ORDER_ID}`,
  webhookUrl: 'http://127.0.0.1:1/api/payments/mollie-webhook.php',
};

let stand: MollieStandIn;
let provider: PaymentProvider;
beforeAll(async () => {
  stand = await startMollieStandIn();
  provider = createMollieProvider({ apiKey: stand.apiKey, apiUrl: stand.url });
});
afterAll(() => stand.close());

/** A new payment at the stand-in, created through the provider. */
async function newPayment(overrides: Partial<CheckoutOrder> = {}) {
  const started = await provider.createCheckout(order(overrides), urls);
  return started.providerRef;
}

describe('createMollieProvider', () => {
  it('derives the SDK endpoint from MOLLIE_API_URL and keeps plain HTTP on this machine', () => {
    expect(mollieApiEndpoint('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010/v2/');
    expect(mollieApiEndpoint('http://localhost:4010/')).toBe('http://localhost:4010/v2/');
    expect(mollieApiEndpoint('https://api.mollie.com/v2/')).toBe('https://api.mollie.com/v2/');
    expect(mollieApiEndpoint('https://mollie.test/api/v2')).toBe('https://mollie.test/api/v2');
    expect(() => mollieApiEndpoint('http://mollie.example')).toThrow(/only on this machine/);
    expect(() => mollieApiEndpoint('ftp://127.0.0.1')).toThrow(/http\(s\)/);
  });

  it('leaves https.Agent as it was after building a client for a local stand-in', () => {
    const before = https.Agent;
    createMollieProvider({ apiKey: stand.apiKey, apiUrl: stand.url });
    expect(https.Agent).toBe(before);
  });

  it('offers the methods that fit the currency', () => {
    expect(provider.name).toBe('mollie');
    expect(provider.methodsFor('EUR')).toEqual(['card', 'ideal', 'bancontact', 'eps', 'paypal']);
    expect(provider.methodsFor('pln')).toEqual(['card', 'blik', 'przelewy24', 'paypal']);
    expect(provider.methodsFor('GBP')).toEqual(['card', 'paypal']);
  });
});

describe('createCheckout', () => {
  it('sends exactly the fields of issue 15 and answers the hosted checkout page', async () => {
    const started = await provider.createCheckout(order(), urls);
    const call = stand.calls.at(-1)!;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v2/payments',
      authorization: `Bearer ${stand.apiKey}`,
    });
    // The SDK's idempotency key: its retries of a 5xx cannot create a second payment.
    expect(call.idempotencyKey).toBeTruthy();
    expect(call.body).toEqual({
      amount: { currency: 'EUR', value: '12.34' },
      description: 'Amora: 50 credits',
      redirectUrl: urls.redirectUrl,
      webhookUrl: urls.webhookUrl,
      method: 'ideal',
      locale: 'nl_NL',
      metadata: { order_id: ORDER_ID },
    });
    expect(started.providerRef).toMatch(/^tr_\w+$/);
    expect(started.checkoutUrl).toBe(`${stand.url}/checkout/${started.providerRef}`);
    const page = await fetch(started.checkoutUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('12.34');
  });

  it('maps methods, locales and amounts in zloty too', async () => {
    await newPayment({ currency: 'PLN', amount: 905, method: 'blik', locale: 'pl' });
    expect(stand.calls.at(-1)!.body).toMatchObject({
      amount: { currency: 'PLN', value: '9.05' },
      method: 'blik',
      locale: 'pl_PL',
    });
    await newPayment({ currency: 'PLN', amount: 5, method: 'przelewy24', locale: 'de' });
    expect(stand.calls.at(-1)!.body).toMatchObject({
      amount: { value: '0.05' },
      method: 'przelewy24',
      locale: 'de_DE',
    });
    const expected = [
      ['card', 'creditcard', 'en', 'en_US'],
      ['bancontact', 'bancontact', 'fr', 'fr_FR'],
      ['eps', 'eps', 'it', 'it_IT'],
      ['paypal', 'paypal', 'es', 'es_ES'],
    ] as const;
    for (const [method, mollieMethod, locale, mollieLocale] of expected) {
      await newPayment({ method, locale, amount: 123456 });
      expect(stand.calls.at(-1)!.body).toMatchObject({
        amount: { value: '1234.56' },
        method: mollieMethod,
        locale: mollieLocale,
      });
    }
  });

  it('fails without Mollie’s status or text when Mollie refuses', async () => {
    const wrongKey = createMollieProvider({ apiKey: 'test_wrong', apiUrl: stand.url });
    const error = await wrongKey.createCheckout(order(), urls).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Mollie payments.create failed (401)');
    expect(error).not.toHaveProperty('statusCode');
    // iDEAL takes euros only: Mollie answers 422.
    await expect(provider.createCheckout(order({ currency: 'PLN' }), urls)).rejects.toThrow(
      'Mollie payments.create failed (422)',
    );
  });
});

describe('fetchPayment', () => {
  it('reports an open payment as pending, with the order and the payment', async () => {
    const id = await newPayment();
    expect(await provider.fetchPayment!(id)).toEqual([
      {
        provider: 'mollie',
        eventId: `${id}:open`,
        type: 'open',
        outcome: 'pending',
        providerRef: id,
        orderId: ORDER_ID,
        amount: 1234,
        currency: 'EUR',
        live: false,
      },
    ]);
  });

  it.each([
    ['paid', 'paid'],
    ['failed', 'failed'],
    ['canceled', 'cancelled'],
    ['expired', 'expired'],
    ['pending', 'pending'],
  ] as const)('reports Mollie status %s as %s', async (status, outcome) => {
    const id = await newPayment();
    stand.setStatus(id, status);
    expect(await provider.fetchPayment!(id)).toEqual([
      expect.objectContaining({ eventId: `${id}:${status}`, type: status, outcome, amount: 1234 }),
    ]);
  });

  it('reports a refund beside the payment, the total refunded so far in the event id', async () => {
    const id = await newPayment();
    stand.setStatus(id, 'paid');
    stand.refund(id, 1234);
    const reports = await provider.fetchPayment!(id);
    expect(reports.map((r) => r.outcome)).toEqual(['paid', 'refunded']);
    expect(reports[1]).toEqual({
      provider: 'mollie',
      eventId: `${id}:refunded:1234`,
      type: 'refunded',
      outcome: 'refunded',
      providerRef: id,
      orderId: ORDER_ID,
      amount: 1234,
      currency: 'EUR',
      live: false,
    });
  });

  it('reports partial refunds cumulatively: each new total is a new fact', async () => {
    const id = await newPayment();
    stand.setStatus(id, 'paid');
    stand.refund(id, 500);
    expect((await provider.fetchPayment!(id))[1]).toMatchObject({
      eventId: `${id}:refunded:500`,
      amount: 500,
    });
    stand.refund(id, 200);
    expect((await provider.fetchPayment!(id))[1]).toMatchObject({
      eventId: `${id}:refunded:700`,
      amount: 700,
    });
  });

  it('reports a chargeback', async () => {
    const id = await newPayment({ currency: 'PLN', method: 'blik', amount: 4999 });
    stand.setStatus(id, 'paid');
    stand.chargeBack(id, 4999);
    const reports = await provider.fetchPayment!(id);
    expect(reports.map((r) => r.eventId)).toEqual([`${id}:paid`, `${id}:chargeback:4999`]);
    expect(reports[1]).toMatchObject({
      type: 'chargeback',
      outcome: 'charged_back',
      amount: 4999,
      currency: 'PLN',
      orderId: ORDER_ID,
    });
  });

  it('marks payments made with a live key as live', async () => {
    const live = await startMollieStandIn({ apiKey: 'live_standInKey1234567890abcdefgh' });
    try {
      const liveProvider = createMollieProvider({ apiKey: live.apiKey, apiUrl: live.url });
      const { providerRef } = await liveProvider.createCheckout(order(), urls);
      live.setStatus(providerRef, 'paid');
      expect(await liveProvider.fetchPayment!(providerRef)).toEqual([
        expect.objectContaining({ outcome: 'paid', live: true }),
      ]);
    } finally {
      await live.close();
    }
    const id = await newPayment();
    stand.setStatus(id, 'paid');
    expect(await provider.fetchPayment!(id)).toEqual([expect.objectContaining({ live: false })]);
  });

  it('answers nothing for an id Mollie does not know, and asks nothing for a malformed one', async () => {
    expect(await provider.fetchPayment!('tr_unknown123')).toEqual([]);
    expect(stand.calls.at(-1)).toMatchObject({ method: 'GET', path: '/v2/payments/tr_unknown123' });
    const count = stand.calls.length;
    expect(await provider.fetchPayment!('../../v2/payments')).toEqual([]);
    expect(await provider.fetchPayment!('re_abc')).toEqual([]);
    expect(stand.calls.length).toBe(count);
  });

  it('fails when Mollie cannot be asked (so the webhook answers 500 and Mollie retries)', async () => {
    const id = await newPayment();
    const wrongKey = createMollieProvider({ apiKey: 'test_wrong', apiUrl: stand.url });
    await expect(wrongKey.fetchPayment!(id)).rejects.toThrow('Mollie payments.get failed (401)');
  });
});

describe('refund', () => {
  it('asks Mollie for a refund of the amount on the order’s payment', async () => {
    const id = await newPayment();
    stand.setStatus(id, 'paid');
    await provider.refund({ id: ORDER_ID, currency: 'EUR', providerRef: id, intentRef: null }, 500);
    expect(stand.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v2/payments/${id}/refunds`,
      authorization: `Bearer ${stand.apiKey}`,
      body: { amount: { currency: 'EUR', value: '5.00' } },
    });
    expect(stand.payments.get(id)!.amountRefunded).toEqual({ currency: 'EUR', value: '5.00' });
    // Mollie then calls the webhook; the order changes only when it has fetched the payment.
    await stand.idle();
    expect(stand.webhookCalls.at(-1)).toMatchObject({ body: `id=${id}` });
  });

  it('fails when Mollie refuses the refund or the order has no payment', async () => {
    const id = await newPayment();
    stand.setStatus(id, 'paid');
    const refundable = { id: ORDER_ID, currency: 'EUR', providerRef: id, intentRef: null };
    await expect(provider.refund(refundable, 1235)).rejects.toThrow(
      'Mollie paymentRefunds.create failed (422)',
    );
    await expect(provider.refund({ ...refundable, providerRef: null }, 100)).rejects.toThrow(
      /no Mollie payment/,
    );
  });
});

describe('findCheckout', () => {
  it('finds an order’s payment in Mollie’s list, pages back, and stops at the order’s creation', async () => {
    const lostOrder = '0b6d7f3e-5c1a-4e8b-a2f9-7d3c1e5b9a40';
    const since = new Date();
    const lost = await newPayment({ id: lostOrder });
    // Three hundred newer payments of other orders: the lost one is on Mollie's second page.
    const template = stand.payments.get(lost)!;
    for (let i = 0; i < 300; i += 1) {
      const id = `tr_newer${i}`;
      stand.payments.set(id, { ...template, id, metadata: { order_id: `other-${i}` } });
    }
    const calls = stand.calls.length;
    expect(await provider.findCheckout!(lostOrder, since)).toBe(lost);
    const listed = stand.calls.slice(calls);
    expect(listed.map((c) => [c.method, c.path])).toEqual([
      ['GET', '/v2/payments'],
      ['GET', '/v2/payments'],
    ]);
    // An order created after every payment listed: Mollie has none for it, one page read.
    const later = new Date(Date.now() + 10 * 60_000);
    const before = stand.calls.length;
    expect(await provider.findCheckout!('5e0f2b7c-9d41-4a36-b8e2-1c7a9f3d6b52', later)).toBeNull();
    expect(stand.calls.length - before).toBe(1);
    for (let i = 0; i < 300; i += 1) stand.payments.delete(`tr_newer${i}`);
  });
});
