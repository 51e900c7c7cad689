import { randomUUID } from 'node:crypto';
import { methodFitsCurrency, methodsForCurrency } from '@amora/shared/rules/payment-methods';
import { lacksWithdrawalWaiver } from '@amora/shared/rules/withdrawal-waiver';
import type {
  CreateOrderInput,
  CreateOrderResponse,
  OrderResponse,
  ProductsResponse,
} from '@amora/shared/schemas/orders';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, notFound, notLoggedIn } from '../../lib/errors.js';
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
  releaseUse,
  reserveUse,
  toDiscount,
} from './discounts.js';
import { findMemberOrder, insertOrder, toOrder } from './order.repository.js';
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

/**
 * `POST /api/orders.php`: a pending order at the member's price, and where to pay it.
 * Credits need the withdrawal waiver (`rules/withdrawal-waiver`). The order is stored
 * first; the provider is called after, outside any transaction, and when it fails the order
 * becomes `failed` (502 `provider_unavailable`). The first order fixes the member's price
 * country.
 */
export async function createOrder(
  db: Kysely<Database>,
  deps: OrderDeps & { log: PaymentLog },
  memberId: number,
  input: CreateOrderInput,
): Promise<CreateOrderResponse> {
  const { provider } = deps;
  if (!provider) {
    throw new AppError(503, 'payments_unavailable', 'Buying is not possible at the moment');
  }
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
  let started: Awaited<ReturnType<PaymentProvider['createCheckout']>>;
  try {
    started = await provider.createCheckout(
      {
        id: row.id,
        amount: row.amount,
        currency: row.currency,
        method: input.method,
        description: orderDescription(settings.name, row),
        locale: textLocale(member.language),
        // The code's use is held this long: the checkout ends with it where it can.
        expiresAt: row.reservedUntil,
      },
      {
        redirectUrl: `${deps.publicUrl}/transactions/${row.id}`,
        cancelUrl: `${deps.publicUrl}/credits/${row.product}/${input.method}`,
        webhookUrl: `${deps.publicUrl}/api/payments/${provider.name}-webhook.php`,
      },
    );
  } catch (error) {
    deps.log.warn({ err: error, orderId: row.id, provider: provider.name }, 'checkout failed');
    await db.transaction().execute(async (trx) => {
      const failed = await trx
        .updateTable('orders')
        .set({ status: 'failed' })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      // The discount code's use goes back.
      if (failed.numUpdatedRows > 0n) await releaseUse(trx, row.id);
    });
    throw new AppError(
      502,
      'provider_unavailable',
      'The payment provider could not be reached; nothing was charged',
    );
  }
  const stored = await db
    .updateTable('orders')
    .set({ provider_ref: started.providerRef })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
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
