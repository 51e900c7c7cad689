import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversation } from '../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';
import { changeCredits, ledgerBalance } from '../credits/credit-ledger.repository.js';
import { type ApplyOptions, applyPaymentReport } from './payment-events.service.js';
import type { PaymentReport } from './provider-types.js';
import { reconcilePendingOrders } from './reconciliation.js';
import { creditsTakenBack } from './refund-rules.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://amora.example' });
});
afterAll(() => t?.close());

const silent = { info() {}, warn() {}, error() {} };
const demo: ApplyOptions = { mode: 'demo', log: silent };
const apply = (report: PaymentReport, options: ApplyOptions = demo) =>
  applyPaymentReport(t.db, report, options);

type Member = Awaited<ReturnType<typeof logInNewMember>>;

async function placeOrder(member: Member, product = 'credits-50', method = 'card') {
  const res = await member.client.call({
    method: 'POST',
    url: '/api/orders.php',
    payload: { product, method, waive_withdrawal: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as { id: string; amount: number; currency: string; credits: number };
}

/** The report the demo page sends, or any other about the same order. */
const report = (
  order: { id: string; amount: number; currency: string },
  fields: Partial<PaymentReport> = {},
): PaymentReport => ({
  provider: 'demo',
  eventId: `${order.id}:${fields.outcome ?? 'paid'}:${randomUUID()}`,
  type: fields.outcome ?? 'paid',
  outcome: 'paid',
  providerRef: order.id,
  orderId: order.id,
  amount: order.amount,
  currency: order.currency,
  live: true,
  ...fields,
});

const orderRow = (id: string) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const memberRow = (id: number) =>
  t.db
    .selectFrom('members')
    .select(['credits', 'credits_owed', 'paid_until', 'price_country'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const ledger = (memberId: number) =>
  t.db
    .selectFrom('credit_ledger')
    .select(['amount', 'reason', 'order_id'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
const mails = (memberId: number, template: string) =>
  t.db
    .selectFrom('outbox')
    .select('payload')
    .where('member_id', '=', memberId)
    .where(sql<boolean>`payload->>'template' = ${template}`)
    .orderBy('id')
    .execute();
const events = (orderId: string) =>
  t.db
    .selectFrom('payment_events')
    .select(['event_id', 'outcome'])
    .where('order_id', '=', orderId)
    .execute();

describe('applyPaymentReport: paid', () => {
  it('grants the credits once, with a ledger row naming the order, VAT and a receipt', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member);
    expect((await orderRow(order.id)).provider_ref).toBe(order.id);
    const paid = report(order);
    expect(await apply(paid)).toEqual({ outcome: 'applied', orderId: order.id, status: 'paid' });
    // The same event again, and another "paid" fact about it: nothing more.
    expect((await apply(paid)).outcome).toBe('replay');
    expect((await apply(report(order))).outcome).toBe('ignored');

    expect((await memberRow(member.id)).credits).toBe(50);
    expect(await ledger(member.id)).toEqual([
      { amount: 50, reason: 'purchase', order_id: order.id },
    ]);
    expect(await ledgerBalance(t.db, member.id)).toBe(50);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'paid', vat_country: 'NL', net_amount: 1446 });
    expect(Number(row.vat_rate)).toBe(21);
    const [receipt] = await mails(member.id, 'payment_receipt');
    expect(receipt?.payload).toMatchObject({
      data: { orderId: order.id, vatCountry: 'NL', vatRate: 21, netAmount: 1446 },
    });
    expect(await mails(member.id, 'payment_receipt')).toHaveLength(1);
    expect(await events(order.id)).toHaveLength(2);
  });

  it('flags an amount or currency that differs from the order, and grants nothing', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const cheaper = await placeOrder(member);
    expect(await apply(report(cheaper, { amount: 1 }))).toMatchObject({
      outcome: 'flagged',
      status: 'flagged',
    });
    const dollars = await placeOrder(member);
    expect((await apply(report(dollars, { currency: 'USD' }))).outcome).toBe('flagged');
    // The right report after the flag changes nothing either: a person decides.
    expect((await apply(report(cheaper))).outcome).toBe('ignored');
    expect((await orderRow(cheaper.id)).flag_reason).toMatch(/paid 1 EUR/);
    expect((await orderRow(dollars.id)).status).toBe('flagged');
    expect((await memberRow(member.id)).credits).toBe(0);
    expect(await ledger(member.id)).toEqual([]);
  });

  it('accepts the currency in any case', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member);
    expect((await apply(report(order, { currency: 'eur' }))).status).toBe('paid');
  });

  it('flags a test-mode payment in production and grants nothing', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member);
    const production = { mode: 'production' as const, log: silent };
    expect(await apply(report(order, { live: false }), production)).toMatchObject({
      outcome: 'flagged',
      status: 'flagged',
    });
    expect((await orderRow(order.id)).flag_reason).toMatch(/test-mode/);
    expect((await memberRow(member.id)).credits).toBe(0);
    // In the demo a test payment is what there is.
    const other = await placeOrder(member);
    expect((await apply(report(other, { live: false }))).status).toBe('paid');
  });
});

describe('applyPaymentReport: not paid', () => {
  for (const outcome of ['failed', 'cancelled', 'expired'] as const) {
    it(`marks a pending order ${outcome}; money that arrives later is flagged`, async () => {
      const member = await logInNewMember(t, { country: 'NL' });
      const order = await placeOrder(member);
      expect(await apply(report(order, { outcome }))).toMatchObject({
        outcome: 'applied',
        status: outcome,
      });
      expect((await apply(report(order, { outcome: 'cancelled' }))).outcome).toBe('ignored');
      expect(await apply(report(order))).toMatchObject({ outcome: 'flagged', status: 'flagged' });
      expect((await memberRow(member.id)).credits).toBe(0);
    });
  }

  it('ignores "still pending"', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member);
    expect(await apply(report(order, { outcome: 'pending' }))).toMatchObject({
      outcome: 'ignored',
      status: 'pending',
    });
  });
});

describe('applyPaymentReport: forged or foreign reports', () => {
  it('changes nothing for an unknown order, reference or provider', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member);
    const unknown = [
      report(order, { providerRef: 'tr_nobody', orderId: randomUUID() }),
      report(order, { providerRef: undefined, orderId: 'not-a-uuid' }),
      report(order, { providerRef: undefined, orderId: undefined }),
      // The right order id, but the order is the demo's, not Mollie's.
      report(order, { provider: 'mollie', providerRef: 'tr_x' }),
    ];
    for (const forged of unknown) {
      expect(await apply(forged)).toMatchObject({ outcome: 'unknown_order', orderId: null });
    }
    expect((await orderRow(order.id)).status).toBe('pending');
    expect((await memberRow(member.id)).credits).toBe(0);
  });

  it('changes nothing when the reference and the metadata name different orders', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const mine = await placeOrder(member);
    const other = await placeOrder(member, 'credits-100');
    expect(await apply(report(mine, { orderId: other.id }))).toMatchObject({
      outcome: 'order_mismatch',
      orderId: null,
    });
    expect(await apply(report(other, { providerRef: mine.id, orderId: other.id }))).toMatchObject({
      outcome: 'order_mismatch',
    });
    // Metadata naming an order whose stored reference is another payment's.
    expect(
      (await apply(report(mine, { providerRef: 'tr_elsewhere', orderId: mine.id }))).outcome,
    ).toBe('order_mismatch');
    expect((await orderRow(mine.id)).status).toBe('pending');
    expect((await orderRow(other.id)).status).toBe('pending');
    expect((await memberRow(member.id)).credits).toBe(0);
  });

  it('finds the order by the metadata alone when the report names no reference', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member);
    const paid = report(order, { providerRef: undefined, intentRef: 'pi_1' });
    expect((await apply(paid)).status).toBe('paid');
    expect((await orderRow(order.id)).provider_intent_ref).toBe('pi_1');
    // Later facts name only the PaymentIntent (Stripe's charge and refund events).
    const refund = report(order, {
      outcome: 'refunded',
      providerRef: undefined,
      orderId: undefined,
      intentRef: 'pi_1',
    });
    expect((await apply(refund)).status).toBe('refunded');
  });
});

describe('applyPaymentReport: refunds and chargebacks', () => {
  it('takes back ceil(credits × refunded / amount), then the rest up to the balance', async () => {
    expect(creditsTakenBack(50, 500, 1750)).toBe(15);
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member); // 50 credits for €17.50
    await apply(report(order));
    const part = report(order, { outcome: 'refunded', amount: 500 });
    expect((await apply(part)).status).toBe('partially_refunded');
    expect((await apply(part)).outcome).toBe('replay');
    // The same total again under another id: nothing new was refunded.
    expect((await apply(report(order, { outcome: 'refunded', amount: 500 }))).outcome).toBe(
      'ignored',
    );
    expect((await memberRow(member.id)).credits).toBe(35);

    // The member spends 30 of the 35; the rest of the refund reaches past the balance.
    await t.db
      .transaction()
      .execute((trx) =>
        changeCredits(trx, { memberId: member.id, amount: -30, reason: 'message' }),
      );
    const rest = report(order, { outcome: 'refunded', amount: 1750 });
    expect((await apply(rest)).status).toBe('refunded');
    expect(await memberRow(member.id)).toMatchObject({ credits: 0, credits_owed: 30 });
    expect(await ledger(member.id)).toEqual([
      { amount: 50, reason: 'purchase', order_id: order.id },
      { amount: -15, reason: 'refund', order_id: order.id },
      { amount: -30, reason: 'message', order_id: null },
      { amount: -5, reason: 'refund', order_id: order.id },
    ]);
    expect((await orderRow(order.id)).refunded_amount).toBe(1750);
    expect(await mails(member.id, 'payment_refund')).toHaveLength(2);
    const [, last] = await mails(member.id, 'payment_refund');
    expect(last?.payload).toMatchObject({
      data: { amount: 1250, creditsTaken: 5, creditsOwed: 30, chargeback: false },
    });

    // While credits are owed, a message that costs credits is refused; buying pays them off.
    const other = await logInNewMember(t, { country: 'NL' });
    const conversation = await createConversation(t.db, member.id, other.id);
    const send = () =>
      member.client.call({
        method: 'POST',
        url: '/api/messages.php',
        payload: { conversation, text: 'Hello' },
      });
    const owed = await send();
    expect(owed.statusCode).toBe(402);
    expect(owed.json().error.code).toBe('credits_owed');
    const overview = await member.client.call({ method: 'GET', url: '/api/credits.php' });
    expect(overview.json()).toMatchObject({ credits: 0, credits_owed: 30 });
    const next = await placeOrder(member);
    await apply(report(next));
    expect(await memberRow(member.id)).toMatchObject({ credits: 20, credits_owed: 0 });
    expect((await ledger(member.id)).slice(-2)).toEqual([
      { amount: 50, reason: 'purchase', order_id: next.id },
      { amount: -30, reason: 'adjustment', order_id: next.id },
    ]);
    expect(await ledgerBalance(t.db, member.id)).toBe(20);
    expect((await send()).statusCode).toBe(200);
  });

  it('never takes back more than the order granted over several partial refunds', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member, 'credits-20'); // €7.00
    await apply(report(order));
    for (const total of [233, 466, 700]) {
      await apply(report(order, { outcome: 'refunded', amount: total }));
    }
    expect((await memberRow(member.id)).credits).toBe(0);
    expect(
      (await ledger(member.id)).filter((r) => r.reason === 'refund').map((r) => r.amount),
    ).toEqual([-7, -7, -6]);
  });

  it('takes everything back on a chargeback, once', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member);
    await apply(report(order));
    await apply(report(order, { outcome: 'refunded', amount: 700 }));
    await t.db
      .transaction()
      .execute((trx) =>
        changeCredits(trx, { memberId: member.id, amount: -25, reason: 'message' }),
      );
    const chargeback = report(order, { outcome: 'charged_back', amount: 1750 });
    expect((await apply(chargeback)).status).toBe('charged_back');
    expect((await apply(chargeback)).outcome).toBe('replay');
    expect((await apply(report(order, { outcome: 'charged_back' }))).outcome).toBe('ignored');
    // 20 went with the refund, 25 were spent: 5 come off the balance, 25 are owed.
    expect(await memberRow(member.id)).toMatchObject({ credits: 0, credits_owed: 25 });
    expect((await ledger(member.id)).at(-1)).toEqual({
      amount: -5,
      reason: 'chargeback',
      order_id: order.id,
    });
    const refunds = await mails(member.id, 'payment_refund');
    expect(refunds.at(-1)?.payload).toMatchObject({ data: { chargeback: true } });
  });

  it('ignores a refund of an order that was never paid', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member);
    expect((await apply(report(order, { outcome: 'refunded' }))).outcome).toBe('ignored');
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('ends the premium an order added once at least half is refunded', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const first = await placeOrder(member, 'premium-30'); // €21.00
    await apply(report(first));
    const second = await placeOrder(member, 'premium-90');
    await apply(report(second));
    const days = async () =>
      ((await memberRow(member.id)).paid_until!.getTime() - Date.now()) / 86_400_000;
    expect(await days()).toBeGreaterThan(119.9);
    await apply(report(first, { outcome: 'refunded', amount: 1000 }));
    expect(await days()).toBeGreaterThan(119.9);
    await apply(report(first, { outcome: 'refunded', amount: 1050 }));
    expect(await days()).toBeLessThan(90.1);
    expect(await days()).toBeGreaterThan(89.9);
    expect((await orderRow(first.id)).status).toBe('partially_refunded');
    // The rest of the refund takes nothing more.
    await apply(report(first, { outcome: 'refunded', amount: 2100 }));
    expect(await days()).toBeGreaterThan(89.9);
    await apply(report(second, { outcome: 'charged_back' }));
    expect(await days()).toBeLessThanOrEqual(0);
    const products = await member.client.call({ method: 'GET', url: '/api/products.php' });
    expect(products.json().paid_until).toBeNull();
  });

  it('refunds through the demo provider, as its refund page does', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member, 'credits-20');
    await apply(report(order));
    await t.app.paymentProvider!.refund(
      { id: order.id, currency: 'EUR', providerRef: order.id, intentRef: null },
      350,
    );
    expect(await orderRow(order.id)).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: 350,
    });
    expect((await memberRow(member.id)).credits).toBe(10);
    const page = await member.client.call({
      method: 'POST',
      url: `/_pay/demo/${order.id}/refund`,
      payload: 'refund=chargeback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode).toBe(303);
    expect(await orderRow(order.id)).toMatchObject({ status: 'charged_back' });
    expect((await memberRow(member.id)).credits).toBe(0);
  });
});

describe('ordering', () => {
  it('answers the methods that take the member’s currency, and refuses others', async () => {
    const methods = async (country: string) =>
      (
        await new Client(t.app).call({ method: 'GET', url: `/api/products.php?country=${country}` })
      ).json().methods;
    expect(await methods('NL')).toEqual(['card', 'ideal', 'bancontact', 'eps', 'paypal']);
    expect(await methods('PL')).toEqual(['card', 'blik', 'przelewy24', 'paypal']);
    expect(await methods('GB')).toEqual(['card', 'paypal']);
    const pole = await logInNewMember(t, { country: 'PL' });
    const res = await pole.client.call({
      method: 'POST',
      url: '/api/orders.php',
      payload: { product: 'credits-20', method: 'ideal', waive_withdrawal: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('method_not_available');
    expect(await placeOrder(pole, 'credits-20', 'blik')).toMatchObject({ currency: 'PLN' });
  });

  it('keeps the price country of the first order when the profile moves', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    expect((await memberRow(member.id)).price_country).toBeNull();
    await placeOrder(member);
    await t.db
      .updateTable('profiles')
      .set({ country: 'PL' })
      .where('member_id', '=', member.id)
      .execute();
    expect((await memberRow(member.id)).price_country).toBe('NL');
    const products = (await member.client.call({ method: 'GET', url: '/api/products.php' })).json();
    expect(products.products[0]).toMatchObject({ currency: 'EUR', amount: 700 });
    expect(await placeOrder(member, 'credits-20', 'ideal')).toMatchObject({ currency: 'EUR' });
  });

  it('fails the stored order with 502 when the provider cannot open a checkout', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const provider = t.app.paymentProvider!;
    const createCheckout = provider.createCheckout;
    provider.createCheckout = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      const res = await member.client.call({
        method: 'POST',
        url: '/api/orders.php',
        payload: { product: 'premium-30', method: 'card' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('provider_unavailable');
      expect(res.body).not.toContain('ECONNREFUSED');
    } finally {
      provider.createCheckout = createCheckout;
    }
    const rows = await t.db
      .selectFrom('orders')
      .select(['status', 'provider_ref'])
      .where('member_id', '=', member.id)
      .execute();
    expect(rows).toEqual([{ status: 'failed', provider_ref: null }]);
  });
});

describe('reconciliation', () => {
  const age = (id: string, minutes: number) =>
    t.db
      .updateTable('orders')
      .set({ created_at: sql<Date>`now() - make_interval(mins => ${minutes})` })
      .where('id', '=', id)
      .execute();

  it('applies what the provider reports for orders pending over 15 minutes, and expires those over 24 hours', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const fresh = await placeOrder(member);
    const lost = await placeOrder(member); // its webhook never came
    const stale = await placeOrder(member);
    await age(lost.id, 20);
    await age(stale.id, 25 * 60);
    const asked: string[] = [];
    const provider = {
      ...t.app.paymentProvider!,
      async fetchPayment(ref: string) {
        asked.push(ref);
        return ref === lost.id ? [report(lost, { eventId: `${lost.id}:paid` })] : [];
      },
    };
    const deps = { provider, mode: 'demo' as const, log: silent, batch: 1000 };
    const first = await reconcilePendingOrders(t.db, deps);
    expect(asked).toContain(lost.id);
    expect(asked).toContain(stale.id);
    expect(asked).not.toContain(fresh.id);
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect((await orderRow(fresh.id)).status).toBe('pending');
    expect((await orderRow(lost.id)).status).toBe('paid');
    expect((await orderRow(stale.id)).status).toBe('expired');
    expect((await memberRow(member.id)).credits).toBe(50);
    // Checked a moment ago: the next run leaves them alone.
    asked.length = 0;
    await reconcilePendingOrders(t.db, deps);
    expect(asked).not.toContain(lost.id);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('parallel deliveries (PostgreSQL)', () => {
  it('grants once when the same paid report arrives several times at once', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member);
    const paid = report(order);
    const results = await Promise.all(Array.from({ length: 5 }, () => apply(paid)));
    expect(results.filter((r) => r.outcome === 'applied')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'replay')).toHaveLength(4);
    expect((await memberRow(member.id)).credits).toBe(50);
  });

  it('grants once when different events say "paid" at once', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member);
    const results = await Promise.all(Array.from({ length: 5 }, () => apply(report(order))));
    expect(results.filter((r) => r.outcome === 'applied')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'ignored')).toHaveLength(4);
    expect((await memberRow(member.id)).credits).toBe(50);
    expect(await ledger(member.id)).toHaveLength(1);
  });

  it('takes back once when the same refund arrives several times at once', async () => {
    const member = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(member);
    await apply(report(order));
    const refund = report(order, { outcome: 'refunded', amount: 875 });
    await Promise.all(Array.from({ length: 5 }, () => apply(refund)));
    expect((await memberRow(member.id)).credits).toBe(25);
  });
});
