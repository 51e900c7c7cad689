import { randomUUID } from 'node:crypto';
import { methodFitsCurrency, methodsForCurrency } from '@amora/shared/rules/payment-methods';
import { lacksWithdrawalWaiver } from '@amora/shared/rules/withdrawal-waiver';
import type {
  CreateOrderInput,
  CreateOrderResponse,
  OrderResponse,
  ProductsResponse,
} from '@amora/shared/schemas/orders';
import { type Kysely, sql } from 'kysely';
import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, clientIdReused, notFound, notLoggedIn } from '../../lib/errors.js';
import { textLocale } from '../../lib/locale-text.js';
import { findWallet } from '../credits/credit-ledger.repository.js';
import { messageCredits } from '../credits/message-cost.js';
import { findActiveMemberById } from '../members/member.repository.js';
import { readStoredSettings } from '../site/site.repository.js';
import { productsFor } from './catalogue.js';
import {
  appliesTo,
  type DiscountConfig,
  discountedAmount,
  discountForPrices,
  lockDiscountForOrder,
  normalizeCode,
  releaseUse,
  reserveUse,
  toDiscount,
} from './discounts.js';
import {
  findMemberOrder,
  findOrderByClientId,
  insertOrder,
  type OrderRow,
  toOrder,
} from './order.repository.js';
import type { PaymentLog } from './payment-events.service.js';
import type { PaymentProvider } from './provider-types.js';

type Prices = AppConfig['messageCredits'];

export interface OrderDeps {
  prices: Prices;
  provider: PaymentProvider | null;
  /** PUBLIC_URL: where the provider sends the browser and its webhooks. */
  publicUrl: string;
  discounts: DiscountConfig;
}

/**
 * The country whose prices a member pays: the price country fixed at their first order,
 * else (before it) the profile's (docs/decisions/030).
 */
const priceCountryOf = (wallet: { price_country: string | null; country: string | null }) =>
  wallet.price_country ?? wallet.country;

/** The methods a member can pay `currency` with: the provider's, where the currency fits. */
const methodsFor = (provider: PaymentProvider | null, currency: string | undefined) =>
  provider && currency ? methodsForCurrency(currency, provider.methodsFor(currency)) : [];

/**
 * `GET /api/products.php`: the member's (or, logged out, a country's) prices; with a
 * discount code, the prices it lowers (the same as `createOrder` charges).
 */
export async function listProducts(
  db: Kysely<Database>,
  deps: Pick<OrderDeps, 'prices' | 'provider' | 'discounts'>,
  caller: { memberId: number | null; country: string | null; discountCode?: string | undefined },
): Promise<ProductsResponse> {
  const { prices } = deps;
  const [settings, wallet, discount] = await Promise.all([
    readStoredSettings(db),
    caller.memberId === null ? undefined : findWallet(db, caller.memberId),
    caller.discountCode === undefined
      ? null
      : discountForPrices(db, deps.discounts, caller.memberId, caller.discountCode),
  ]);
  const country = wallet ? priceCountryOf(wallet) : caller.country;
  const products = (productsFor(settings, prices, country) ?? []).map((p) =>
    discount && appliesTo(discount, p.id)
      ? { ...p, amount: discountedAmount(p.original_amount, discount.percent) }
      : p,
  );
  return {
    discount: discount ? toDiscount(discount) : null,
    products,
    // No provider: the prices are shown, but there is no way to pay.
    methods: methodsFor(deps.provider, products[0]?.currency),
    paid_until: wallet?.paid && wallet.paid_until ? wallet.paid_until.toISOString() : null,
    message_credits:
      country || wallet ? messageCredits(prices, wallet ?? { country, paid: false }) : null,
  };
}

/** How long a repeat waits for the first call's checkout link (a double tap meets it in flight). */
const CHECKOUT_WAIT_MS = 10_000;
const CHECKOUT_POLL_MS = 100;
/**
 * A pending order without its link this long after it was stored lost its first call: the
 * server stopped between the commit and the provider's answer (the providers' own time
 * limits are 20 s for Mollie, 80 s for Stripe's SDK). Nobody was given a link to pay it.
 */
export const ORPHANED_ORDER_SECONDS = 120;

const providerUnavailable = () =>
  new AppError(
    502,
    'provider_unavailable',
    'The payment provider could not be reached; nothing was charged',
  );

type OrderCallDeps = OrderDeps & { log: PaymentLog };

/**
 * `POST /api/orders.php`: a pending order at the member's price, and where to pay it.
 * Credits need the withdrawal waiver (`rules/withdrawal-waiver`). The order is stored
 * first; the provider is called after, outside any transaction, and when it fails the order
 * becomes `failed` (502 `provider_unavailable`). The first order fixes the member's price
 * country. With a `client_id` the member sent before, it answers that order (issue 44,
 * docs/decisions/058): a repeat meets the first call at the unique index on (member, key),
 * on any instance, and never opens a second order or checkout.
 */
export async function createOrder(
  db: Kysely<Database>,
  deps: OrderCallDeps,
  memberId: number,
  input: CreateOrderInput,
): Promise<CreateOrderResponse> {
  if (!deps.provider) {
    throw new AppError(503, 'payments_unavailable', 'Buying is not possible at the moment');
  }
  const clientId = input.client_id;
  if (clientId !== undefined) {
    const stored = await findOrderByClientId(db, memberId, clientId);
    if (stored) return repeatOrder(db, deps, memberId, stored, input);
  }
  let placed: Awaited<ReturnType<typeof storeOrder>>;
  try {
    placed = await storeOrder(db, deps, deps.provider, memberId, input);
  } catch (error) {
    // A refusal may be the first call's doing (it took the code's last use): what it
    // stored decides.
    if (clientId === undefined) throw error;
    const stored = await findOrderByClientId(db, memberId, clientId);
    if (!stored) throw error;
    return repeatOrder(db, deps, memberId, stored, input);
  }
  return openCheckout(db, deps, deps.provider, placed);
}

/**
 * The order an earlier call with the same key stored: its checkout link while it is pending
 * (waiting for it while the first call is still at the provider), else its page, which
 * shows its state. One the first call lost before it had a link is given up (`failed`,
 * its code's use released, its key freed) and a new order takes the key.
 */
async function repeatOrder(
  db: Kysely<Database>,
  deps: OrderCallDeps,
  memberId: number,
  stored: OrderRow,
  input: CreateOrderInput,
): Promise<CreateOrderResponse> {
  const code = input.discount_code === undefined ? null : normalizeCode(input.discount_code);
  if (
    stored.product !== input.product ||
    stored.method !== input.method ||
    stored.discount_code !== code
  ) {
    throw clientIdReused('order');
  }
  let row = stored;
  if (row.status === 'pending' && row.checkout_url === null) {
    if (await giveUpOrphanedOrder(db, row.id, ORPHANED_ORDER_SECONDS)) {
      return createOrder(db, deps, memberId, input);
    }
    const until = Date.now() + CHECKOUT_WAIT_MS;
    while (row.status === 'pending' && row.checkout_url === null) {
      if (Date.now() >= until) throw providerUnavailable();
      await new Promise((resolve) => setTimeout(resolve, CHECKOUT_POLL_MS));
      const now = await findMemberOrder(db, memberId, row.id);
      if (!now) throw providerUnavailable();
      row = now;
    }
  }
  // The first call's provider failed: so does its repeat (the key is free for a new try).
  if (row.status === 'failed') throw providerUnavailable();
  return {
    order: toOrder(row),
    redirect_url:
      row.status === 'pending' && row.checkout_url
        ? row.checkout_url
        : `${deps.publicUrl}/transactions/${row.id}`,
  };
}

/**
 * Gives up a pending order that never got its link and is older than `seconds`: `failed`,
 * its code's use back, its key free. One caller wins; answers whether it was this one.
 */
async function giveUpOrphanedOrder(db: Kysely<Database>, id: string, seconds: number) {
  return db.transaction().execute(async (trx) => {
    const given = await trx
      .updateTable('orders')
      .set({ status: 'failed', client_id: null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('checkout_url', 'is', null)
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
      .executeTakeFirst();
    if (given.numUpdatedRows === 0n) return false;
    await releaseUse(trx, id);
    return true;
  });
}

/** The checks before an order, and the order stored with its code's use, in one transaction. */
async function storeOrder(
  db: Kysely<Database>,
  deps: OrderDeps,
  provider: PaymentProvider,
  memberId: number,
  input: CreateOrderInput,
) {
  const [settings, wallet, member] = await Promise.all([
    readStoredSettings(db),
    findWallet(db, memberId),
    findActiveMemberById(db, memberId),
  ]);
  if (!wallet || !member) throw notLoggedIn();
  const country = priceCountryOf(wallet);
  const product = productsFor(settings, deps.prices, country)?.find((p) => p.id === input.product);
  if (!product || !country) {
    throw new AppError(409, 'not_for_sale', 'This product is not sold in your country');
  }
  if (
    !methodFitsCurrency(input.method, product.currency) ||
    !methodsFor(provider, product.currency).includes(input.method)
  ) {
    throw badRequest(
      'method_not_available',
      `method: ${input.method} does not take ${product.currency}`,
      { method: `Not available for ${product.currency}` },
    );
  }
  if (lacksWithdrawalWaiver(product.kind, input.waive_withdrawal)) {
    throw badRequest(
      'withdrawal_waiver_required',
      'waive_withdrawal: Please agree that the credits are delivered at once',
      { waive_withdrawal: 'Please agree that the credits are delivered at once' },
    );
  }
  const row = await db.transaction().execute(async (trx) => {
    // Fixed once: later changes of the profile's country do not move the member's prices.
    await trx
      .updateTable('members')
      .set({ price_country: country })
      .where('id', '=', memberId)
      .where('price_country', 'is', null)
      .execute();
    // One code per order; its row stays locked until the order and its use are stored.
    const discount =
      input.discount_code === undefined
        ? null
        : await lockDiscountForOrder(
            trx,
            deps.discounts,
            memberId,
            input.discount_code,
            product.id,
          );
    const order = await insertOrder(trx, {
      id: randomUUID(),
      member_id: memberId,
      product: product.id,
      credits: product.credits,
      premium_days: product.premium_days,
      amount: discount ? discountedAmount(product.amount, discount.percent) : product.amount,
      original_amount: product.amount,
      discount_code: discount?.row.code ?? null,
      currency: product.currency,
      method: input.method,
      provider: provider.name,
      price_country: country,
      waived_withdrawal: input.waive_withdrawal === true,
      client_id: input.client_id ?? null,
    });
    const reservedUntil = discount
      ? await reserveUse(
          trx,
          discount.row.id,
          memberId,
          order.id,
          deps.discounts.reservationMinutes,
        )
      : undefined;
    return { ...order, reservedUntil };
  });
  return { row, settings, member, method: input.method };
}

/**
 * Opens the provider's checkout for a stored order, outside any transaction. A failure makes
 * the order `failed`, gives its code's use back and frees its key, so the member can try
 * again with it; an order given up meanwhile (a repeat took it for lost) gets no link.
 */
async function openCheckout(
  db: Kysely<Database>,
  deps: OrderCallDeps,
  provider: PaymentProvider,
  { row, settings, member, method }: Awaited<ReturnType<typeof storeOrder>>,
): Promise<CreateOrderResponse> {
  let started: Awaited<ReturnType<PaymentProvider['createCheckout']>>;
  try {
    started = await provider.createCheckout(
      {
        id: row.id,
        amount: row.amount,
        currency: row.currency,
        method,
        description: orderDescription(settings.name, row),
        locale: textLocale(member.language),
        // The code's use is held this long: the checkout ends with it where it can.
        expiresAt: row.reservedUntil,
      },
      {
        redirectUrl: `${deps.publicUrl}/transactions/${row.id}`,
        cancelUrl: `${deps.publicUrl}/credits/${row.product}/${method}`,
        webhookUrl: `${deps.publicUrl}/api/payments/${provider.name}-webhook.php`,
      },
    );
  } catch (error) {
    deps.log.warn({ err: error, orderId: row.id, provider: provider.name }, 'checkout failed');
    await db.transaction().execute(async (trx) => {
      const failed = await trx
        .updateTable('orders')
        .set({ status: 'failed', client_id: null })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      // The discount code's use goes back.
      if (failed.numUpdatedRows > 0n) await releaseUse(trx, row.id);
    });
    throw providerUnavailable();
  }
  const stored = await db
    .updateTable('orders')
    .set({ provider_ref: started.providerRef, checkout_url: started.checkoutUrl })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!stored) throw providerUnavailable();
  return { order: toOrder(stored), redirect_url: started.checkoutUrl };
}

/** What the provider's page and the bank statement show. */
const orderDescription = (site: string, row: { credits: number; premium_days: number }) =>
  row.credits > 0 ? `${site}: ${row.credits} credits` : `${site}: premium ${row.premium_days} days`;

/** `GET /api/orders.php?id=`: one of the member's orders, with their balance now. */
export async function readOrder(
  db: Kysely<Database>,
  memberId: number,
  id: string,
): Promise<OrderResponse> {
  const [row, member] = await Promise.all([
    findMemberOrder(db, memberId, id),
    findWallet(db, memberId),
  ]);
  if (!row || !member) throw notFound('order_not_found', 'There is no such order of yours');
  return {
    order: toOrder(row),
    credits: member.credits,
    paid_until: member.paid_until?.toISOString() ?? null,
    credits_owed: member.credits_owed,
  };
}
