import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePendingOrders } from '../../modules/payments/reconciliation.js';
import { type MollieStandIn, startMollieStandIn } from '../../test/stand-ins/mollie-stand-in.js';
import { type StripeStandIn, startStripeStandIn } from '../../test/stand-ins/stripe-stand-in.js';
import { createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

/** The whole server with a real provider's SDK talking to its local stand-in. */
async function listeningApp(env: Record<string, string>) {
  const t = await createTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { t, base: `http://127.0.0.1:${port}` };
}

const balance = async (t: TestApp, id: number) =>
  await t.db
    .selectFrom('members')
    .select(['credits', 'credits_owed'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const orderRow = (t: TestApp, id: string) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function until(check: () => Promise<boolean>, what: string) {
  const end = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('PAYMENT_PROVIDER=mollie, end to end through the SDK', () => {
  let mollie: MollieStandIn;
  let t: TestApp;
  beforeAll(async () => {
    mollie = await startMollieStandIn({ apiKey: 'test_amoraStandInKey1234567890' });
    // The webhook calls below are posted directly, as Mollie would post them.
    t = await createTestApp({
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: mollie.apiKey,
      MOLLIE_API_URL: mollie.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await mollie?.close();
  });

  it('offers the methods of the member’s currency, sells at the server’s price, and grants once when Mollie says paid', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const products = (await member.client.call({ method: 'GET', url: '/api/products.php' })).json();
    expect(products.methods).toEqual(['card', 'ideal', 'bancontact', 'eps', 'paypal']);

    const before = (await balance(t, member.id)).credits;
    const res = await member.client.call({
      method: 'POST',
      url: '/api/orders.php',
      payload: { product: 'credits-20', method: 'ideal', waive_withdrawal: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { order, redirect_url } = res.json();
    expect(redirect_url).toMatch(new RegExp(`^${mollie.url}/checkout/tr_`));
    const stored = await orderRow(t, order.id);
    expect(stored.provider_ref).toMatch(/^tr_/);
    const sent = mollie.calls.find((c) => c.method === 'POST' && c.path === '/v2/payments');
    expect(sent?.body).toMatchObject({
      amount: { currency: 'EUR', value: (order.amount / 100).toFixed(2) },
      method: 'ideal',
      metadata: { order_id: order.id },
    });
    expect((sent!.body as { webhookUrl: string }).webhookUrl).toMatch(
      /\/api\/payments\/mollie-webhook\.php$/,
    );

    // The member pays on Mollie's page; Mollie calls the webhook, the server fetches.
    mollie.setStatus(stored.provider_ref!, 'paid');
    expect(await postWebhook(stored.provider_ref!)).toBe(200);
    expect((await orderRow(t, order.id)).status).toBe('paid');
    expect((await balance(t, member.id)).credits).toBe(before + 20);
    // A second call (Mollie repeats itself) changes nothing.
    expect(await postWebhook(stored.provider_ref!)).toBe(200);
    expect((await balance(t, member.id)).credits).toBe(before + 20);

    // A full refund at Mollie takes the 20 credits back.
    mollie.refund(stored.provider_ref!, order.amount);
    expect(await postWebhook(stored.provider_ref!)).toBe(200);
    expect((await orderRow(t, order.id)).status).toBe('refunded');
    expect((await balance(t, member.id)).credits).toBe(before);
  });

  it('answers a payment id no order holds with 200, without asking Mollie', async () => {
    const calls = mollie.calls.length;
    expect(await postWebhook('tr_unknown12345')).toBe(200);
    expect(mollie.calls.length).toBe(calls);
  });

  it('finds the paid payment of an order whose payment id was never stored', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const before = (await balance(t, member.id)).credits;
    const res = await member.client.call({
      method: 'POST',
      url: '/api/orders.php',
      payload: { product: 'credits-20', method: 'ideal', waive_withdrawal: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json();
    const paymentId = (await orderRow(t, order.id)).provider_ref!;
    // The server stopped between Mollie's answer and storing the id: the order has none.
    await t.db
      .updateTable('orders')
      .set({
        provider_ref: null,
        created_at: sql<Date>`now() - make_interval(mins => 20)`,
      })
      .where('id', '=', order.id)
      .execute();
    // Newer payments of other orders stand before it in Mollie's list.
    for (let i = 0; i < 3; i += 1) {
      await member.client.call({
        method: 'POST',
        url: '/api/orders.php',
        payload: { product: 'premium-30', method: 'ideal' },
      });
    }
    mollie.setStatus(paymentId, 'paid');
    // Mollie's call for it is answered without asking Mollie: no order holds the id.
    const calls = mollie.calls.length;
    expect(await postWebhook(paymentId)).toBe(200);
    expect(mollie.calls.length).toBe(calls);
    expect((await orderRow(t, order.id)).status).toBe('pending');

    const silent = { info() {}, warn() {}, error() {} };
    await reconcilePendingOrders(t.db, {
      provider: t.app.paymentProvider,
      mode: t.app.config.mode,
      log: silent,
      batch: 1000,
    });
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'paid', provider_ref: paymentId });
    expect((await balance(t, member.id)).credits).toBe(before + 20);
    // From now on Mollie's calls about it are the order's again (a refund, here).
    mollie.refund(paymentId, order.amount);
    expect(await postWebhook(paymentId)).toBe(200);
    expect((await orderRow(t, order.id)).status).toBe('refunded');
  });

  async function postWebhook(id: string): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/mollie-webhook.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${id}`,
    });
    return res.statusCode;
  }
});

describe('PAYMENT_PROVIDER=stripe, end to end through the SDK', () => {
  const webhookSecret = 'whsec_amoraStandInSecret123';
  let stripe: StripeStandIn;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ webhookSecret });
    ({ t, base } = await listeningApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_amoraStandInKey123',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripe.url,
    }));
    stripe.webhookUrl = `${base}/api/payments/stripe-webhook.php`;
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('sells a Polish member BLIK in złoty, grants once on the signed event, and follows a refund', async () => {
    const member = await logInNewMember(t, { country: 'PL' });
    const products = (await member.client.call({ method: 'GET', url: '/api/products.php' })).json();
    expect(products.methods).toEqual(['card', 'blik', 'przelewy24', 'paypal']);
    const refused = await member.client.call({
      method: 'POST',
      url: '/api/orders.php',
      payload: { product: 'credits-20', method: 'ideal', waive_withdrawal: true },
    });
    expect(refused.statusCode).toBe(400);

    const before = (await balance(t, member.id)).credits;
    const res = await member.client.call({
      method: 'POST',
      url: '/api/orders.php',
      payload: { product: 'credits-20', method: 'blik', waive_withdrawal: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { order, redirect_url } = res.json();
    expect(order.currency).toBe('PLN');
    const stored = await orderRow(t, order.id);
    expect(stored.provider_ref).toMatch(/^cs_/);
    expect(redirect_url).toBe(stripe.sessionObject(stored.provider_ref!).url);

    const [paid] = await stripe.pay(stored.provider_ref!);
    expect(paid?.status).toBe(200);
    await until(async () => (await orderRow(t, order.id)).status === 'paid', 'the paid order');
    expect((await balance(t, member.id)).credits).toBe(before + 20);

    // The same event delivered again (Stripe retries) grants nothing more.
    const payload = JSON.stringify(paid!.event);
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
    });
    const again = await fetch(stripe.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    expect(again.status).toBe(200);
    expect((await balance(t, member.id)).credits).toBe(before + 20);

    // A forged event changes nothing.
    const forged = await stripe.sendEvent(
      'checkout.session.completed',
      stripe.sessionObject(stored.provider_ref!),
      'bad',
    );
    expect(forged.status).toBe(400);

    // Half the price refunded: ceil(20 × ½) = 10 credits go back.
    await stripe.sendRefund(stored.provider_ref!, Math.floor(order.amount / 2));
    await until(
      async () => (await orderRow(t, order.id)).status === 'partially_refunded',
      'the partial refund',
    );
    expect((await balance(t, member.id)).credits).toBe(before + 10);
  });
});
