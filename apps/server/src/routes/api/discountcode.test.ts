import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../config/config.js';
import { seedConfiguredCodes } from '../../modules/payments/discounts.js';
import { applyPaymentReport } from '../../modules/payments/payment-events.service.js';
import { reconcilePendingOrders } from '../../modules/payments/reconciliation.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://amora.example' });
});
afterAll(() => t?.close());

type Member = Awaited<ReturnType<typeof logInNewMember>>;
const get = (client: Client, url: string) => client.call({ method: 'GET', url });
const order = (client: Client, payload: Record<string, unknown>) =>
  client.call({ method: 'POST', url: '/api/orders.php', payload });
const stay = (client: Client, payload: Record<string, unknown> = { offer: 'stay' }) =>
  client.call({ method: 'POST', url: '/api/discountcode.php', payload });
const payDemo = (client: Client, path: string, outcome: string) =>
  client.call({
    method: 'POST',
    url: path,
    payload: `outcome=${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const HOUR = 3_600_000;
const near = (iso: string, ms: number) => Math.abs(Date.parse(iso) - ms) < 60_000;
const signupOf = async (app: TestApp, id: number) =>
  (
    await app.db
      .selectFrom('members')
      .select('signup_date')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).signup_date.getTime();
const moveSignup = (app: TestApp, id: number, hoursAgo: number) =>
  app.db
    .updateTable('members')
    .set({ signup_date: sql<Date>`now() - make_interval(hours => ${hoursAgo})` })
    .where('id', '=', id)
    .execute();
let seq = 0;
/** A campaign code straight in the table, as the operator console will write it. */
async function campaign(values: {
  percent: number;
  products?: string[];
  validFrom?: Date;
  validUntil?: Date;
  maxUses?: number;
  perMember?: number;
  memberId?: number;
}) {
  seq += 1;
  const code = `CAMP${seq}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  await t.db
    .insertInto('discount_codes')
    .values({
      code,
      kind: values.memberId ? 'personal' : 'campaign',
      percent: values.percent,
      member_id: values.memberId ?? null,
      products: values.products ?? null,
      valid_from: values.validFrom ?? new Date(Date.now() - HOUR),
      valid_until: values.validUntil ?? new Date(Date.now() + 30 * 24 * HOUR),
      max_uses: values.maxUses ?? null,
      max_uses_per_member: values.perMember ?? 1,
    })
    .execute();
  return code;
}
const codeRow = (code: string) =>
  t.db.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const buy = (m: Member, product: string, code?: string) =>
  order(m.client, {
    product,
    method: 'card',
    waive_withdrawal: true,
    ...(code !== undefined && { discount_code: code }),
  });
const useState = async (orderId: string) =>
  (
    await t.db
      .selectFrom('discount_code_uses')
      .select('state')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).state;
const orderState = (id: string) =>
  t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow();
const expectInvalid = (res: { statusCode: number; json(): { error: { code: string } } }) => {
  expect(res.statusCode).toBe(409);
  expect(res.json().error.code).toBe('discount_invalid');
};

describe('GET /api/discountcode.php', () => {
  it('answers 403 not_logged_in logged out, for every form', async () => {
    const anon = new Client(t.app);
    for (const res of [
      await get(anon, '/api/discountcode.php?welcome=true'),
      await get(anon, '/api/discountcode.php'),
      await stay(anon),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('not_logged_in');
    }
  });

  it('gives a new member their own welcome code, the same each time, for 7 days', async () => {
    const m = await logInNewMember(t, { country: 'NL' });
    const res = await get(m.client, '/api/discountcode.php?welcome=true');
    expect(res.statusCode).toBe(200);
    const welcome = res.json();
    expect(welcome.code).toMatch(/^WELCOME-[A-Z2-7]{8}$/);
    expect(welcome).toMatchObject({ kind: 'welcome', percent: 20 });
    expect(near(welcome.expires_at, (await signupOf(t, m.id)) + 7 * 24 * HOUR)).toBe(true);
    expect((await get(m.client, '/api/discountcode.php?welcome=1')).json()).toEqual(welcome);
    // Eight days after signup it has ended.
    await moveSignup(t, m.id, 8 * 24);
    const ended = await get(m.client, '/api/discountcode.php?welcome=true');
    expect(ended.statusCode).toBe(404);
    expect(ended.json().error.code).toBe('no_discount');
    expectInvalid(await buy(m, 'premium-30', welcome.code));
  });

  it('runs the time bonus for 3 hours after signup, then answers 404', async () => {
    const m = await logInNewMember(t, { country: 'NL' });
    const res = await get(m.client, '/api/discountcode.php?utm_source=mail&x[]=1');
    expect(res.statusCode).toBe(200);
    const bonus = res.json();
    expect(bonus).toMatchObject({ kind: 'time_bonus', percent: 30 });
    expect(near(bonus.expires_at, (await signupOf(t, m.id)) + 3 * HOUR)).toBe(true);
    // It prices orders like any code: 30% off 21.00.
    const products = (await get(m.client, `/api/products.php?discount_code=${bonus.code}`)).json();
    expect(products.products[3]).toMatchObject({ id: 'premium-30', amount: 1470 });
    await moveSignup(t, m.id, 4);
    const ended = await get(m.client, '/api/discountcode.php');
    expect(ended.statusCode).toBe(404);
    expect(ended.json().error.code).toBe('no_discount');
    expectInvalid(await buy(m, 'premium-30', bonus.code));
    // The welcome code still runs.
    expect((await get(m.client, '/api/discountcode.php?welcome=true')).statusCode).toBe(200);
  });

  it('answers the code the page names first, else the time bonus', async () => {
    const m = await logInNewMember(t, { country: 'NL' });
    const other = await logInNewMember(t, { country: 'NL' });
    const spring = await campaign({ percent: 15 });
    const named = await get(
      m.client,
      `/api/discountcode.php?code=${spring.toLowerCase()}&utm_campaign=spring&fbclid=abc`,
    );
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({
      code: spring,
      kind: 'campaign',
      covers: 'both',
      percent: 15,
    });
    // Unknown, expired or someone else's: the time bonus instead.
    const othersWelcome = (await get(other.client, '/api/discountcode.php?welcome=true')).json();
    const expired = await campaign({ percent: 10, validUntil: new Date(Date.now() - 1000) });
    for (const code of ['NOPE', expired, othersWelcome.code, '', 'x'.repeat(300)]) {
      const res = await get(m.client, `/api/discountcode.php?code=${code}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().kind).toBe('time_bonus');
    }
    // Its own welcome code named: kind welcome.
    const mine = (await get(m.client, '/api/discountcode.php?welcome=true')).json();
    expect((await get(m.client, `/api/discountcode.php?code=${mine.code}`)).json()).toEqual(mine);
  });
});

describe('discounts off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ WELCOME_DISCOUNT_PERCENT: '0', TIME_BONUS_HOURS: '0' });
  });
  afterAll(() => off?.close());

  it('answers 404 no_discount when 0 turns them off', async () => {
    const m = await logInNewMember(off, { country: 'NL' });
    for (const url of ['/api/discountcode.php?welcome=true', '/api/discountcode.php']) {
      const res = await get(m.client, url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('no_discount');
    }
    const rows = await off.db.selectFrom('discount_codes').select('id').execute();
    expect(rows).toHaveLength(0);
  });
});

describe('prices and orders with a code', () => {
  it('rounds half up, shows original_amount, and charges exactly the price shown', async () => {
    const m = await logInNewMember(t, { country: 'NL' });
    const code = await campaign({ percent: 17 });
    const plain = (await get(m.client, '/api/products.php')).json();
    expect(plain.discount).toBeNull();
    expect(plain.products[1]).toMatchObject({ amount: 1750, original_amount: 1750 });
    const res = await get(m.client, `/api/products.php?discount_code=${code.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const priced = res.json();
    expect(priced.discount).toMatchObject({ code, kind: 'campaign', covers: 'both', percent: 17 });
    // 1750 × 83 / 100 = 1452.5 → 1453 (half up); 700 × 0.83 = 581.
    expect(priced.products[1]).toMatchObject({
      id: 'credits-50',
      amount: 1453,
      original_amount: 1750,
    });
    expect(priced.products[0]).toMatchObject({ amount: 581, original_amount: 700 });

    const placed = await buy(m, 'credits-50', ` ${code.toLowerCase()} `);
    expect(placed.statusCode).toBe(200);
    const { order: o, redirect_url } = placed.json();
    expect(o).toMatchObject({ amount: 1453, original_amount: 1750, discount_code: code });
    // The demo provider's checkout is asked for the discounted amount.
    expect((await get(m.client, redirect_url)).body).toContain('€14.53');
    await payDemo(m.client, redirect_url, 'paid');
    const done = (await get(m.client, `/api/orders.php?id=${o.id}`)).json();
    expect(done.order).toMatchObject({ status: 'paid', amount: 1453 });
    expect(done.credits).toBe(50);
    const stored = await t.db
      .selectFrom('orders')
      .select(['amount', 'original_amount', 'discount_code'])
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ amount: 1453, original_amount: 1750, discount_code: code });
  });

  it('keeps orders without a code at the full price', async () => {
    const m = await logInNewMember(t, { country: 'NL' });
    const res = await buy(m, 'credits-20');
    expect(res.json().order).toMatchObject({
      amount: 700,
      original_amount: 700,
      discount_code: null,
    });
  });

  it('refuses unknown, expired, early, another’s and wrong-product codes with 409', async () => {
    const m = await logInNewMember(t, { country: 'NL' });
    const other = await logInNewMember(t, { country: 'NL' });
    const othersWelcome = (await get(other.client, '/api/discountcode.php?welcome=true')).json();
    const othersBonus = (await get(other.client, '/api/discountcode.php')).json();
    const codes = [
      'NOPE',
      '',
      await campaign({ percent: 10, validUntil: new Date(Date.now() - 1000) }),
      await campaign({ percent: 10, validFrom: new Date(Date.now() + HOUR) }),
      await campaign({ percent: 10, products: ['premium-30'] }),
      await campaign({ percent: 10, memberId: other.id }),
      othersWelcome.code,
      othersBonus.code,
    ];
    for (const code of codes) {
      expectInvalid(await buy(m, 'credits-20', code));
    }
    for (const code of ['NOPE', othersWelcome.code]) {
      expectInvalid(await get(m.client, `/api/products.php?discount_code=${code}`));
    }
    // The other member's own codes work for them.
    expect((await buy(other, 'premium-30', othersWelcome.code)).statusCode).toBe(200);
    const orders = await t.db
      .selectFrom('orders')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(orders).toHaveLength(0);
  });

  it('reserves a use at the order, releases it on cancel, counts it when paid', async () => {
    const [a, b, c] = [
      await logInNewMember(t, { country: 'NL' }),
      await logInNewMember(t, { country: 'NL' }),
      await logInNewMember(t, { country: 'NL' }),
    ];
    const code = await campaign({ percent: 10, maxUses: 1 });
    const first = (await buy(a, 'credits-20', code)).json();
    expect(await codeRow(code)).toMatchObject({ uses: 0, reserved: 1 });
    // The one use is held by a pending order.
    expectInvalid(await buy(b, 'credits-20', code));
    expectInvalid(await get(b.client, `/api/products.php?discount_code=${code}`));
    await payDemo(a.client, first.redirect_url, 'cancelled');
    expect(await codeRow(code)).toMatchObject({ uses: 0, reserved: 0 });
    const uses = () =>
      t.db
        .selectFrom('discount_code_uses')
        .select(['order_id', 'state'])
        .where('code_id', '=', sql<number>`(select id from discount_codes where code = ${code})`)
        .orderBy('id')
        .execute();
    expect(await uses()).toEqual([{ order_id: first.order.id, state: 'released' }]);

    const second = (await buy(b, 'credits-20', code)).json();
    expect(second.order.amount).toBe(630);
    await payDemo(b.client, second.redirect_url, 'paid');
    expect(await codeRow(code)).toMatchObject({ uses: 1, reserved: 0 });
    expect((await uses()).map((u) => u.state)).toEqual(['released', 'counted']);
    // Used up.
    expectInvalid(await buy(c, 'credits-20', code));
    expectInvalid(await buy(a, 'credits-20', code));
  });

  it('releases the use when the provider fails, the payment fails or the order expires', async () => {
    const m = await logInNewMember(t, { country: 'NL' });
    const code = await campaign({ percent: 10, maxUses: 1 });
    const provider = t.app.paymentProvider!;
    const createCheckout = provider.createCheckout;
    provider.createCheckout = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      expect((await buy(m, 'credits-20', code)).statusCode).toBe(502);
    } finally {
      provider.createCheckout = createCheckout;
    }
    expect(await codeRow(code)).toMatchObject({ uses: 0, reserved: 0 });

    const failed = (await buy(m, 'credits-20', code)).json();
    await payDemo(m.client, failed.redirect_url, 'failed');
    expect(await codeRow(code)).toMatchObject({ uses: 0, reserved: 0 });

    const expiring = (await buy(m, 'credits-20', code)).json();
    expect(await codeRow(code)).toMatchObject({ reserved: 1 });
    const silent = { info() {}, warn() {} };
    const expire = () =>
      applyPaymentReport(
        t.db,
        {
          provider: 'demo',
          eventId: `${expiring.order.id}:expired`,
          type: 'expired',
          outcome: 'expired',
          orderId: expiring.order.id,
          live: true,
        },
        { mode: 'demo', log: silent },
      );
    expect((await expire()).status).toBe('expired');
    expect((await expire()).outcome).toBe('replay');
    expect(await codeRow(code)).toMatchObject({ uses: 0, reserved: 0 });
    // Free again.
    expect((await buy(m, 'credits-20', code)).statusCode).toBe(200);
  });

  it('says what a code lowers: credits and premium, premium only, or credits only', async () => {
    const m = await logInNewMember(t, { country: 'NL' });
    const cases = [
      [undefined, 'both'],
      [['credits-50', 'premium-30'], 'both'],
      [['premium-30', 'premium-90'], 'premium'],
      [['credits-20', 'credits-100'], 'credits'],
    ] as const;
    for (const [products, covers] of cases) {
      const code = await campaign({ percent: 10, ...(products && { products: [...products] }) });
      const named = (await get(m.client, `/api/discountcode.php?code=${code}`)).json();
      expect(named).toMatchObject({ code, kind: 'campaign', covers });
      const priced = (await get(m.client, `/api/products.php?discount_code=${code}`)).json();
      expect(priced.discount).toEqual(named);
    }
  });

  it('holds a limited code’s use for DISCOUNT_RESERVATION_MINUTES, then lets it go', async () => {
    const [a, b] = [
      await logInNewMember(t, { country: 'NL' }),
      await logInNewMember(t, { country: 'NL' }),
    ];
    const code = await campaign({ percent: 10, maxUses: 1 });
    const first = (await buy(a, 'credits-20', code)).json();
    const hold = await t.db
      .selectFrom('discount_code_uses')
      .select(['state', 'reserved_until'])
      .where('order_id', '=', first.order.id)
      .executeTakeFirstOrThrow();
    expect(hold.state).toBe('reserved');
    expect(Math.abs(hold.reserved_until.getTime() - (Date.now() + 30 * 60_000))).toBeLessThan(
      60_000,
    );
    expectInvalid(await buy(b, 'credits-20', code));
    // 30 minutes later the unpaid order (still pending: its checkout may yet be paid) no
    // longer holds the code.
    await t.db
      .updateTable('discount_code_uses')
      .set({ reserved_until: sql<Date>`reserved_until - interval '30 minutes'` })
      .where('order_id', '=', first.order.id)
      .execute();
    expect((await get(b.client, `/api/products.php?discount_code=${code}`)).statusCode).toBe(200);
    const second = (await buy(b, 'credits-20', code)).json();
    expect(second.order.amount).toBe(630);
    expect(await codeRow(code)).toMatchObject({ uses: 0, reserved: 1 });
    expect((await orderState(first.order.id)).status).toBe('pending');
    expect(await useState(first.order.id)).toBe('released');
    // Paid after all: the money came in, so the use counts.
    await payDemo(a.client, first.redirect_url, 'paid');
    expect(await useState(first.order.id)).toBe('counted');
    expect(await codeRow(code)).toMatchObject({ uses: 1, reserved: 1 });
  });

  it('ends lapsed holds in the reconciliation job, so the console’s count is current', async () => {
    const a = await logInNewMember(t, { country: 'NL' });
    const code = await campaign({ percent: 10, maxUses: 5 });
    const placed = (await buy(a, 'credits-20', code)).json();
    await t.db
      .updateTable('discount_code_uses')
      .set({ reserved_until: sql<Date>`now() - interval '1 second'` })
      .where('order_id', '=', placed.order.id)
      .execute();
    expect(await codeRow(code)).toMatchObject({ reserved: 1 });
    await reconcilePendingOrders(t.db, {
      provider: t.app.paymentProvider,
      mode: 'demo',
      log: { info() {}, warn() {}, error() {} },
    });
    expect(await codeRow(code)).toMatchObject({ uses: 0, reserved: 0 });
    expect(await useState(placed.order.id)).toBe('released');
  });

  it('lets a member’s second pending order with the same code release the first', async () => {
    const m = await logInNewMember(t, { country: 'NL' });
    const code = await campaign({ percent: 10, maxUses: 1 });
    const first = (await buy(m, 'credits-20', code)).json();
    // Back from an abandoned checkout, the member still sees the code and can order again.
    expect((await get(m.client, `/api/discountcode.php?code=${code}`)).json().code).toBe(code);
    const again = await buy(m, 'credits-50', code);
    expect(again.statusCode, again.body).toBe(200);
    expect(await useState(first.order.id)).toBe('released');
    expect(await useState(again.json().order.id)).toBe('reserved');
    expect(await codeRow(code)).toMatchObject({ uses: 0, reserved: 1 });
    // Their welcome code alike.
    const welcome = (await get(m.client, '/api/discountcode.php?welcome=true')).json();
    expect((await buy(m, 'premium-30', welcome.code)).statusCode).toBe(200);
    expect((await get(m.client, '/api/discountcode.php?welcome=true')).json()).toEqual(welcome);
    const second = await buy(m, 'premium-90', welcome.code);
    expect(second.statusCode).toBe(200);
    // Once one is paid, the member's one use is spent.
    await payDemo(m.client, second.json().redirect_url, 'paid');
    expectInvalid(await buy(m, 'premium-30', welcome.code));
  });

  it('allows each member their own number of uses', async () => {
    const [a, b] = [
      await logInNewMember(t, { country: 'NL' }),
      await logInNewMember(t, { country: 'NL' }),
    ];
    const code = await campaign({ percent: 10 });
    const first = (await buy(a, 'credits-20', code)).json();
    await payDemo(a.client, first.redirect_url, 'paid');
    expectInvalid(await buy(a, 'credits-20', code));
    expect((await buy(b, 'credits-20', code)).statusCode).toBe(200);
    // A member's welcome code is theirs once.
    const welcome = (await get(a.client, '/api/discountcode.php?welcome=true')).json();
    const w = (await buy(a, 'premium-30', welcome.code)).json();
    expect(w.order.amount).toBe(1680);
    await payDemo(a.client, w.redirect_url, 'paid');
    expectInvalid(await buy(a, 'premium-30', welcome.code));
    expect((await get(a.client, '/api/discountcode.php?welcome=true')).statusCode).toBe(404);
  });
});

describe('POST /api/discountcode.php { offer: "stay" }', () => {
  it('issues one personal code of delete_discount % off premium for 14 days', async () => {
    const m = await logInNewMember(t, { country: 'NL' });
    const res = await stay(m.client);
    expect(res.statusCode).toBe(200);
    const offer = res.json();
    expect(offer).toMatchObject({ kind: 'personal', covers: 'premium', percent: 50 });
    expect(offer.code).toMatch(/^STAY-[A-Z2-7]{8}$/);
    expect(near(offer.expires_at, Date.now() + 14 * 24 * HOUR)).toBe(true);
    expect((await stay(m.client)).json()).toEqual(offer);
    expect(
      await t.db
        .selectFrom('discount_codes')
        .select('id')
        .where('member_id', '=', m.id)
        .where('kind', '=', 'stay')
        .execute(),
    ).toHaveLength(1);

    const priced = (await get(m.client, `/api/products.php?discount_code=${offer.code}`)).json();
    expect(priced.discount).toEqual(offer);
    expect(priced.products.map((p: { amount: number }) => p.amount)).toEqual([
      700, 1750, 3500, 1050, 2625,
    ]);
    expect((await get(m.client, `/api/discountcode.php?code=${offer.code}`)).json()).toEqual(offer);
    expectInvalid(await buy(m, 'credits-20', offer.code));
    const placed = (await buy(m, 'premium-90', offer.code)).json();
    expect(placed.order).toMatchObject({ amount: 2625, original_amount: 5250 });
    // Held by the member's own pending order, it is still theirs: a next order releases it.
    expect((await get(m.client, `/api/discountcode.php?code=${offer.code}`)).json()).toEqual(offer);
    // Someone else cannot use it.
    const other = await logInNewMember(t, { country: 'NL' });
    expectInvalid(await buy(other, 'premium-90', offer.code));
  });

  it('refuses other offers, and answers no_discount when the site offers none', async () => {
    const m = await logInNewMember(t, { country: 'NL' });
    expect((await stay(m.client, { offer: 'leave' })).statusCode).toBe(400);
    await t.db.updateTable('company_info').set({ delete_discount: 0 }).execute();
    try {
      const res = await stay(m.client);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('no_discount');
    } finally {
      await t.db.updateTable('company_info').set({ delete_discount: 50 }).execute();
    }
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')(
  'racing for the last use (PostgreSQL)',
  () => {
    it('gives the last use to exactly one of two parallel orders', async () => {
      for (let round = 0; round < 3; round += 1) {
        const [a, b] = [
          await logInNewMember(t, { country: 'NL' }),
          await logInNewMember(t, { country: 'NL' }),
        ];
        const code = await campaign({ percent: 10, maxUses: 1 });
        const results = await Promise.all([buy(a, 'credits-20', code), buy(b, 'credits-20', code)]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expect(await codeRow(code)).toMatchObject({ reserved: 1, uses: 0 });
      }
    });
  },
);

describe('DISCOUNT_CODES', () => {
  it('seeds missing campaign codes from configuration, and leaves existing rows alone', async () => {
    const { discounts } = parseConfig({
      DISCOUNT_CODES: 'Spring26=15:2099-12-31,PREM26=40:2099-06-30:premium-30|premium-90',
    });
    expect(discounts.seeded).toEqual([
      {
        code: 'SPRING26',
        percent: 15,
        validUntil: new Date('2100-01-01T00:00:00Z'),
        products: null,
      },
      {
        code: 'PREM26',
        percent: 40,
        validUntil: new Date('2099-07-01T00:00:00Z'),
        products: ['premium-30', 'premium-90'],
      },
    ]);
    await seedConfiguredCodes(t.db, discounts.seeded);
    await t.db
      .updateTable('discount_codes')
      .set({ percent: 12 })
      .where('code', '=', 'SPRING26')
      .execute();
    await seedConfiguredCodes(t.db, discounts.seeded);
    expect(await codeRow('SPRING26')).toMatchObject({ kind: 'campaign', percent: 12 });
    const m = await logInNewMember(t, { country: 'NL' });
    expect((await get(m.client, '/api/discountcode.php?code=prem26')).json()).toMatchObject({
      code: 'PREM26',
      kind: 'campaign',
      covers: 'premium',
      percent: 40,
      expires_at: '2099-07-01T00:00:00.000Z',
    });
    expectInvalid(await buy(m, 'credits-20', 'PREM26'));
    expect((await buy(m, 'premium-30', 'PREM26')).json().order.amount).toBe(1260);
    for (const bad of [
      'SPRING=0:2026-12-31',
      'SPRING=15:2026-13-45',
      'SPRING=15:2026-12-31:gold',
      'SPRING',
    ]) {
      expect(() => parseConfig({ DISCOUNT_CODES: bad })).toThrow(ConfigError);
    }
  });
});

describe('DISCOUNT_RESERVATION_MINUTES', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp({ DISCOUNT_RESERVATION_MINUTES: '45' });
  });
  afterAll(() => own?.close());

  it('sets how long an order holds its code, and must be 1 to 1440 minutes', async () => {
    const m = await logInNewMember(own, { country: 'NL' });
    const welcome = (await get(m.client, '/api/discountcode.php?welcome=true')).json();
    const placed = (await buy(m, 'premium-30', welcome.code)).json();
    const hold = await own.db
      .selectFrom('discount_code_uses')
      .select('reserved_until')
      .where('order_id', '=', placed.order.id)
      .executeTakeFirstOrThrow();
    expect(Math.abs(hold.reserved_until.getTime() - (Date.now() + 45 * 60_000))).toBeLessThan(
      60_000,
    );
    expect(parseConfig({}).discounts.reservationMinutes).toBe(30);
    for (const bad of ['0', '1441', 'soon']) {
      expect(() => parseConfig({ DISCOUNT_RESERVATION_MINUTES: bad })).toThrow(
        /DISCOUNT_RESERVATION_MINUTES/,
      );
    }
  });
});
