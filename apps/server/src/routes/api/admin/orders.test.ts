import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MollieStandIn, startMollieStandIn } from '../../../test/stand-ins/mollie-stand-in.js';
import { createTestApp, logInNewMember, type TestApp } from '../../../test/test-app.js';

const ADMIN = 'owner@amora-orders.example';
type Member = Awaited<ReturnType<typeof logInNewMember>>;

const credits = async (t: TestApp, id: number) =>
  (
    await t.db
      .selectFrom('members')
      .select('credits')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).credits;

/** A member's order of 50 credits, placed through the API as the app places it. */
async function placeOrder(member: Member) {
  const res = await member.client.call({
    method: 'POST',
    url: '/api/orders.php',
    payload: { product: 'credits-50', method: 'card', waive_withdrawal: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as { id: string; amount: number; currency: string };
}

const refund = (by: Member, payload: Record<string, unknown>) =>
  by.client.call({ method: 'POST', url: '/api/admin/refund.php', payload });
const orders = async (by: Member, query = '') => {
  const res = await by.client.call({ method: 'GET', url: `/api/admin/orders.php${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orders: { id: string; status: string; needs_look: boolean }[] };
};
const orderDetail = async (by: Member, id: string) => {
  const res = await by.client.call({ method: 'GET', url: `/api/admin/order.php?id=${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    order: {
      status: string;
      refunded_amount: number;
      refund_requested: number;
      refundable: number;
      member: { id: number } | null;
    };
    events: { reported: string; outcome: string; amount: number | null }[];
  };
};

describe('orders in the console, with the demo provider', () => {
  let t: TestApp;
  let owner: Member;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ADMIN });
    owner = await logInNewMember(t, { email: ADMIN, name: 'Owner' });
  });
  afterAll(() => t.close());

  /** Pays an order as the demo checkout reports it. */
  const pay = (order: { id: string; amount: number; currency: string }) =>
    t.app.applyPaymentReport({
      provider: 'demo',
      eventId: `${order.id}:paid`,
      type: 'paid',
      outcome: 'paid',
      providerRef: order.id,
      orderId: order.id,
      amount: order.amount,
      currency: order.currency,
      live: true,
    });

  it('are for admins only', async () => {
    const moderator = await logInNewMember(t);
    await t.db
      .updateTable('members')
      .set({ staff_role: 'moderator' })
      .where('id', '=', moderator.id)
      .execute();
    for (const url of ['/api/admin/orders.php', `/api/admin/order.php?id=${crypto.randomUUID()}`]) {
      const res = await moderator.client.call({ method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    const res = await refund(moderator, { order: crypto.randomUUID(), amount: 1, reason: 'x' });
    expect(res.statusCode).toBe(403);
  });

  it('finds an order by id, #member, e-mail and provider reference, flagged ones first', async () => {
    const email = `buyer-${Date.now()}@example.com`;
    const buyer = await logInNewMember(t, { email });
    const paid = await placeOrder(buyer);
    await pay(paid);
    const flagged = await placeOrder(buyer);
    // Money in another amount than ordered: the order waits for a person.
    await t.app.applyPaymentReport({
      provider: 'demo',
      eventId: `${flagged.id}:paid`,
      type: 'paid',
      outcome: 'paid',
      providerRef: flagged.id,
      orderId: flagged.id,
      amount: flagged.amount - 1,
      currency: flagged.currency,
      live: true,
    });

    const all = await orders(owner);
    expect(all.orders[0]).toMatchObject({ id: flagged.id, status: 'flagged', needs_look: true });
    for (const q of [paid.id, `%23${buyer.id}`, encodeURIComponent(email.toUpperCase())]) {
      const found = await orders(owner, `?q=${q}`);
      expect(found.orders.map((o) => o.id)).toContain(paid.id);
      expect(JSON.stringify(found)).not.toContain(email);
    }
    expect((await orders(owner, `?q=${paid.id}`)).orders).toHaveLength(1);
    expect((await orders(owner, '?q=tr_nothing')).orders).toHaveLength(0);
    expect((await orders(owner, '?status=flagged')).orders.map((o) => o.id)).toContain(flagged.id);

    const detail = await orderDetail(owner, flagged.id);
    expect(detail.events).toEqual([
      expect.objectContaining({ reported: 'paid', outcome: 'flagged', amount: flagged.amount - 1 }),
    ]);
    const missing = await owner.client.call({
      method: 'GET',
      url: `/api/admin/order.php?id=${crypto.randomUUID()}`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('order_not_found');
  });

  it('refunds through the provider: the balance follows, the audit log has it, no more than was paid', async () => {
    const buyer = await logInNewMember(t);
    const order = await placeOrder(buyer);
    await pay(order);
    const before = await credits(t, buyer.id);

    const tooMuch = await refund(owner, { order: order.id, amount: order.amount + 1, reason: 'x' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.code).toBe('refund_too_large');
    expect(await credits(t, buyer.id)).toBe(before);

    const half = Math.floor(order.amount / 2);
    const res = await refund(owner, { order: order.id, amount: half, reason: 'Asked nicely' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: half,
      refundable: order.amount - half,
    });
    // Half the money back: half of the 50 credits go, rounded up.
    expect(await credits(t, buyer.id)).toBe(before - 25);
    expect(res.json().events.map((e: { reported: string }) => e.reported)).toEqual([
      'paid',
      'refunded',
    ]);
    const audit = (await owner.client.call({ method: 'GET', url: '/api/admin/audit.php' })).json()
      .entries[0];
    expect(audit).toMatchObject({ action: 'order.refund', subject: { id: buyer.id } });
    expect(audit.reason).toContain('Asked nicely');

    const rest = await refund(owner, {
      order: order.id,
      amount: order.amount - half,
      reason: 'The rest',
    });
    expect(rest.json().order).toMatchObject({ status: 'refunded', refundable: 0 });
    expect(await credits(t, buyer.id)).toBe(before - 50);
    const again = await refund(owner, { order: order.id, amount: 1, reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('not_refundable');
  });

  it('pays back a flagged order, which granted nothing, and then lists it with the rest', async () => {
    const buyer = await logInNewMember(t);
    const order = await placeOrder(buyer);
    await t.app.applyPaymentReport({
      provider: 'demo',
      eventId: `${order.id}:cancelled`,
      type: 'cancelled',
      outcome: 'cancelled',
      providerRef: order.id,
      orderId: order.id,
      live: true,
    });
    await pay(order); // money after the order was given up on
    const before = await credits(t, buyer.id);
    expect((await orderDetail(owner, order.id)).order.status).toBe('flagged');

    const res = await refund(owner, { order: order.id, amount: order.amount, reason: 'Too late' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'refunded', needs_look: false });
    expect(await credits(t, buyer.id)).toBe(before);
  });

  it('refuses an order of a pending checkout and bad input', async () => {
    const buyer = await logInNewMember(t);
    const order = await placeOrder(buyer);
    const pending = await refund(owner, { order: order.id, amount: 100, reason: 'x' });
    expect(pending.statusCode).toBe(409);
    const bad = await refund(owner, { order: order.id, amount: -5, reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_input');
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('a refund through Mollie (its SDK and local stand-in)', () => {
  let mollie: MollieStandIn;
  let t: TestApp;
  let owner: Member;
  beforeAll(async () => {
    mollie = await startMollieStandIn({ apiKey: 'test_amoraStandInKey1234567890' });
    // Listening at PUBLIC_URL, so Mollie's webhook calls after a refund reach the server.
    const port = await freePort();
    t = await createTestApp({
      ADMIN_EMAILS: ADMIN,
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: mollie.apiKey,
      MOLLIE_API_URL: mollie.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    owner = await logInNewMember(t, { email: ADMIN, name: 'Owner' });
  });
  afterAll(async () => {
    await t?.close();
    await mollie?.close();
  });

  /** A member's order, paid on Mollie's page; Mollie's webhook has told the server. */
  async function paidAtMollie() {
    const buyer = await logInNewMember(t, { country: 'NL' });
    const order = await placeOrder(buyer);
    const ref = (
      await t.db
        .selectFrom('orders')
        .select('provider_ref')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
    ).provider_ref!;
    mollie.setStatus(ref, 'paid');
    expect(await mollie.triggerWebhook(ref)).toBe(200);
    return { buyer, order, ref };
  }

  it('asks Mollie; the order and balance change when Mollie’s webhook arrives', async () => {
    const { buyer, order, ref } = await paidAtMollie();
    const paid = await credits(t, buyer.id);

    const res = await refund(owner, { order: order.id, amount: order.amount, reason: 'Refund' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.refundable).toBe(0);
    const sent = mollie.calls.find((c) => c.path === `/v2/payments/${ref}/refunds`);
    expect(sent?.body).toMatchObject({
      amount: { currency: order.currency, value: (order.amount / 100).toFixed(2) },
    });
    await mollie.idle();
    const after = await orderDetail(owner, order.id);
    expect(after.order).toMatchObject({ status: 'refunded', refunded_amount: order.amount });
    expect(after.events.at(-1)).toMatchObject({ reported: 'refunded', outcome: 'applied' });
    expect(await credits(t, buyer.id)).toBe(paid - 50);
  });

  it('frees the amount again when Mollie refuses the refund', async () => {
    const { order } = await paidAtMollie();
    // The currency of the stored order no longer matches Mollie's payment: Mollie says 422.
    await t.db.updateTable('orders').set({ currency: 'PLN' }).where('id', '=', order.id).execute();
    const res = await refund(owner, { order: order.id, amount: 100, reason: 'Refund' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('refund_failed');
    expect((await orderDetail(owner, order.id)).order).toMatchObject({
      status: 'paid',
      refund_requested: 0,
      refundable: order.amount,
    });
  });
});
