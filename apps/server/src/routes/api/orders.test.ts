import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appHeaders,
  Client,
  createMailingTestApp,
  createTestApp,
  logInNewMember,
  type SmtpSink,
  type TestApp,
  withSecondInstance,
} from '../../test/test-app.js';

let t: TestApp;
let sink: SmtpSink;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, sink, close } = await createMailingTestApp({
    PUBLIC_URL: 'https://amora.example',
    MESSAGE_CREDITS_BY_COUNTRY: 'PL=2',
  }));
});
afterAll(() => close?.());

const get = (client: Client, url: string) => client.call({ method: 'GET', url });
const order = (client: Client, payload: Record<string, unknown>) =>
  client.call({ method: 'POST', url: '/api/orders.php', payload });
/** What the demo provider's page does when the member presses a button. */
const payDemo = (client: Client, path: string, outcome: string) =>
  client.call({
    method: 'POST',
    url: path,
    payload: `outcome=${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('GET /api/products.php', () => {
  it('prices every credit at the country’s message price, in its currency', async () => {
    const nl = (await get(new Client(t.app), '/api/products.php?country=NL')).json();
    expect(nl.products.map((p: { id: string; amount: number }) => [p.id, p.amount])).toEqual([
      ['credits-20', 700],
      ['credits-50', 1750],
      ['credits-100', 3500],
      ['premium-30', 2100],
      ['premium-90', 5250],
    ]);
    expect(new Set(nl.products.map((p: { currency: string }) => p.currency))).toEqual(
      new Set(['EUR']),
    );
    expect(nl.message_credits).toBe(1);
    // In Poland a message costs 2 credits and 1.50 zł: a credit costs 0.75 zł.
    const pl = (await get(new Client(t.app), '/api/products.php?country=PL')).json();
    expect(pl.products[0]).toMatchObject({ id: 'credits-20', amount: 1500, currency: 'PLN' });
    expect(pl.products[3]).toMatchObject({ id: 'premium-30', amount: 9000 });
    expect(pl.message_credits).toBe(2);
  });

  it('uses a member’s own country, and says what a message costs them', async () => {
    const member = await logInNewMember(t, { country: 'PL' });
    const res = (await get(member.client, '/api/products.php?country=NL')).json();
    expect(res.products[0].currency).toBe('PLN');
    expect(res.message_credits).toBe(2);
  });

  it('refuses a malformed country', async () => {
    const res = await get(new Client(t.app), '/api/products.php?country=nl');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
  });
});

describe('ordering and paying', () => {
  it('adds credits once the payment is in, once, with a ledger row and a receipt', async () => {
    const member = await logInNewMember(t, { country: 'NL', language: 'de', name: 'Jonas' });
    const refused = await order(member.client, { product: 'credits-50', method: 'ideal' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('withdrawal_waiver_required');

    const res = await order(member.client, {
      product: 'credits-50',
      method: 'ideal',
      waive_withdrawal: true,
    });
    expect(res.statusCode).toBe(200);
    const { order: placed, redirect_url } = res.json();
    expect(placed).toMatchObject({ status: 'pending', credits: 50, amount: 1750, currency: 'EUR' });
    expect(redirect_url).toBe(`/_pay/demo/${placed.id}`);

    const page = await get(member.client, redirect_url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('no money is charged');
    expect(page.body).toContain('€17.50');
    // Nobody else can see or pay it.
    const other = await logInNewMember(t);
    expect((await get(other.client, redirect_url)).statusCode).toBe(404);
    expect((await payDemo(other.client, redirect_url, 'paid')).statusCode).toBe(404);
    expect((await get(other.client, `/api/orders.php?id=${placed.id}`)).statusCode).toBe(404);

    const paid = await payDemo(member.client, redirect_url, 'paid');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/transactions/${placed.id}`);
    const status = (await get(member.client, `/api/orders.php?id=${placed.id}`)).json();
    expect(status.order.status).toBe('paid');
    expect(status.order.paid_at).not.toBeNull();
    expect(status.credits).toBe(50);

    // The provider reporting again changes nothing.
    await payDemo(member.client, redirect_url, 'paid');
    const credits = (await get(member.client, '/api/credits.php')).json();
    expect(credits.credits).toBe(50);
    expect(credits.ledger[0]).toMatchObject({ amount: 50, reason: 'purchase' });
    expect(credits.ledger.filter((r: { reason: string }) => r.reason === 'purchase')).toHaveLength(
      1,
    );
    // Paid already: the page sends the browser on to the result.
    expect((await get(member.client, redirect_url)).statusCode).toBe(303);

    const [receipt] = await sink.waitForMailsTo(member.email);
    expect(receipt?.subject).toBe('Deine Bestellung bei Amora: 50 Credits');
    expect(receipt?.text).toContain('17,50');
    expect(receipt?.text).toContain(`https://amora.example/transactions/${placed.id}`);
  });

  it('extends premium from its current end, and messages then cost nothing', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const buy = async (product: string) => {
      const { order: placed, redirect_url } = (
        await order(member.client, { product, method: 'card' })
      ).json();
      await payDemo(member.client, redirect_url, 'paid');
      return (await get(member.client, `/api/orders.php?id=${placed.id}`)).json();
    };
    const first = await buy('premium-30');
    expect(first.order).toMatchObject({ status: 'paid', premium_days: 30, amount: 2100 });
    const days = (iso: string) => (Date.parse(iso) - Date.now()) / 86_400_000;
    expect(days(first.paid_until)).toBeGreaterThan(29.9);
    expect(days(first.paid_until)).toBeLessThan(30.1);
    const products = (await get(member.client, '/api/products.php')).json();
    expect(products.paid_until).toBe(first.paid_until);
    expect(products.message_credits).toBe(0);
    expect((await get(member.client, '/api/credits.php')).json()).toMatchObject({
      paid_user: true,
      message_credits: 0,
      credits: 0,
    });
    const last = async () => (await get(member.client, '/api/last-order.php')).json().order;
    expect(await last()).toMatchObject({ product: 'premium-30', method: 'card' });
    const second = await buy('premium-90');
    expect(await last()).toMatchObject({ product: 'premium-90' });
    expect(days(second.paid_until)).toBeGreaterThan(119.9);
    expect(days(second.paid_until)).toBeLessThan(120.1);
  });

  it('adds nothing for a cancelled or failed payment', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    for (const outcome of ['cancelled', 'failed']) {
      const { order: placed, redirect_url } = (
        await order(member.client, {
          product: 'credits-20',
          method: 'card',
          waive_withdrawal: true,
        })
      ).json();
      await payDemo(member.client, redirect_url, outcome);
      // A later "paid" for the same order cannot turn it round.
      await payDemo(member.client, redirect_url, 'paid');
      const status = (await get(member.client, `/api/orders.php?id=${placed.id}`)).json();
      expect(status.order.status).toBe(outcome);
      expect(status.credits).toBe(0);
    }
  });

  it('refuses bad orders with the error format', async () => {
    expect(
      (await order(new Client(t.app), { product: 'premium-30', method: 'card' })).statusCode,
    ).toBe(403);
    const member = await logInNewMember(t, { country: 'NL' });
    for (const payload of [
      { product: 'credits-7', method: 'card', waive_withdrawal: true },
      { product: 'credits-20', method: 'cash', waive_withdrawal: true },
      { product: 'credits-20', method: 'card', waive_withdrawal: 'yes' },
    ]) {
      const res = await order(member.client, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
    expect((await get(member.client, '/api/orders.php?id=not-a-uuid')).statusCode).toBe(400);
    const unknown = await get(member.client, `/api/orders.php?id=${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('order_not_found');
    const orders = await t.db
      .selectFrom('orders')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(orders).toHaveLength(0);
    expect((await get(member.client, '/api/last-order.php')).json()).toEqual({ order: null });
  });
});

describe('checkouts that can be repeated (client_id, issue 44)', () => {
  const ordersOf = (memberId: number) =>
    t.db
      .selectFrom('orders')
      .select(['id', 'status', 'client_id'])
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .execute();
  const credits20 = (clientId: string) => ({
    product: 'credits-20',
    method: 'card',
    waive_withdrawal: true,
    client_id: clientId,
  });

  it('answers a repeat with the same order: its checkout while pending, its state once paid', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const key = randomUUID();
    const first = await order(member.client, credits20(key));
    expect(first.statusCode, first.body).toBe(200);
    const { order: placed, redirect_url } = first.json();
    const again = await order(member.client, credits20(key));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(member.id)).toEqual([
      { id: placed.id, status: 'pending', client_id: key },
    ]);

    expect((await payDemo(member.client, redirect_url, 'paid')).statusCode).toBe(303);
    const paid = await order(member.client, credits20(key));
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order).toMatchObject({ id: placed.id, status: 'paid' });
    expect(paid.json().redirect_url).toBe(`https://amora.example/transactions/${placed.id}`);
    expect(await ordersOf(member.id)).toHaveLength(1);
    expect((await get(member.client, '/api/credits.php')).json().credits).toBe(20);
  });

  it('refuses the key with another product, method or code, ordering nothing', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const key = randomUUID();
    expect((await order(member.client, credits20(key))).statusCode).toBe(200);
    for (const other of [
      { ...credits20(key), product: 'credits-50' },
      { ...credits20(key), method: 'ideal' },
      { ...credits20(key), discount_code: 'WELCOME' },
    ]) {
      const res = await order(member.client, other);
      expect(res.statusCode, JSON.stringify(other)).toBe(409);
      expect(res.json().error.code).toBe('client_id_reused');
    }
    expect(await ordersOf(member.id)).toHaveLength(1);
  });

  it('stores nothing on a refusal, and a checkout that failed frees the key', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const key = randomUUID();
    const refused = await order(member.client, { ...credits20(key), waive_withdrawal: false });
    expect(refused.statusCode).toBe(400);
    expect(await ordersOf(member.id)).toEqual([]);

    const provider = t.app.paymentProvider!;
    const createCheckout = provider.createCheckout;
    provider.createCheckout = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      expect((await order(member.client, credits20(key))).statusCode).toBe(502);
    } finally {
      provider.createCheckout = createCheckout;
    }
    const retried = await order(member.client, credits20(key));
    expect(retried.statusCode, retried.body).toBe(200);
    const rows = await ordersOf(member.id);
    expect(rows.map((r) => [r.status, r.client_id])).toEqual([
      ['failed', null],
      ['pending', key],
    ]);
    expect(retried.json().order.id).toBe(rows[1]?.id);
  });

  it('opens one order and one checkout for a double tap, the second waiting for the first', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const key = randomUUID();
    const provider = t.app.paymentProvider!;
    const createCheckout = provider.createCheckout;
    let checkouts = 0;
    // The provider takes its time, as real ones do: the second tap arrives meanwhile.
    provider.createCheckout = async (...args) => {
      checkouts += 1;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return createCheckout(...args);
    };
    try {
      const answers = await Promise.all([
        order(member.client, credits20(key)),
        order(member.client, credits20(key)),
        order(member.client, credits20(key)),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    } finally {
      provider.createCheckout = createCheckout;
    }
    expect(checkouts).toBe(1);
    expect(await ordersOf(member.id)).toHaveLength(1);
  });

  it('gives up an order whose first call stopped before the checkout, and opens a new one', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const key = randomUUID();
    // The server stopped between the commit and the provider's answer, long ago.
    const lost = randomUUID();
    await t.db
      .insertInto('orders')
      .values({
        id: lost,
        member_id: member.id,
        product: 'credits-20',
        credits: 20,
        premium_days: 0,
        amount: 700,
        original_amount: 700,
        currency: 'EUR',
        method: 'card',
        provider: 'demo',
        price_country: 'NL',
        waived_withdrawal: true,
        client_id: key,
        created_at: sql<Date>`now() - interval '5 minutes'`,
      })
      .execute();
    const res = await order(member.client, credits20(key));
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json().order;
    expect(placed.id).not.toBe(lost);
    expect(res.json().redirect_url).toBe(`/_pay/demo/${placed.id}`);
    expect((await ordersOf(member.id)).map((r) => [r.id, r.status, r.client_id])).toEqual([
      [lost, 'failed', null],
      [placed.id, 'pending', key],
    ]);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')(
  'repeated checkouts on two instances',
  () => {
    it('opens one order when the repeat reaches another instance', async () => {
      await withSecondInstance(t, async (app2) => {
        const member = await logInNewMember(t, { country: 'NL' });
        const payload = { product: 'premium-30', method: 'card', client_id: randomUUID() };
        const viaSecond = () =>
          app2.inject({
            method: 'POST',
            url: '/api/orders.php',
            headers: { ...appHeaders, cookie: member.client.sessionCookie! },
            payload,
          });
        const answers = await Promise.all([
          order(member.client, payload),
          viaSecond(),
          order(member.client, payload),
          viaSecond(),
        ]);
        expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
        expect(new Set(answers.map((r) => r.json().order.id)).size).toBe(1);
        const rows = await t.db
          .selectFrom('orders')
          .select('id')
          .where('member_id', '=', member.id)
          .execute();
        expect(rows).toHaveLength(1);
      });
    });
  },
);

describe('without a payment provider (PAYMENT_PROVIDER=none)', () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await createTestApp({ PAYMENT_PROVIDER: 'none' });
  });
  afterAll(() => closed?.close());

  it('shows the prices but takes no order, and has no test checkout', async () => {
    const member = await logInNewMember(closed, { country: 'NL' });
    const products = (await get(member.client, '/api/products.php')).json();
    expect(products.products).toHaveLength(5);
    expect(products.methods).toEqual([]);
    const res = await order(member.client, { product: 'premium-30', method: 'card' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('payments_unavailable');
    expect((await get(member.client, `/_pay/demo/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});
