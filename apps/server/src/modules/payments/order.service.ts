import { randomUUID } from 'node:crypto';
import type {
  CreateOrderInput,
  CreateOrderResponse,
  OrderResponse,
  ProductsResponse,
} from '@amora/shared/schemas/orders';
import { PAYMENT_METHODS } from '@amora/shared/schemas/orders';
import { type Kysely, sql } from 'kysely';
import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, notFound, notLoggedIn } from '../../lib/errors.js';
import { findActiveMemberById } from '../account/password.repository.js';
import { changeCredits, findWallet } from '../credits/credit-ledger.repository.js';
import { messageCredits } from '../credits/message-cost.js';
import { notifyMembers } from '../live/live-notify.js';
import { mailLocale } from '../mail/mail-templates.js';
import { enqueueMail } from '../mail/outbox.repository.js';
import { readStoredSettings } from '../site/site.repository.js';
import { productsFor } from './catalogue.js';
import { findMemberOrder, insertOrder, lockOrder, toOrder } from './order.repository.js';
import type { PaymentProvider } from './payment-provider.js';

type Prices = AppConfig['messageCredits'];

/** `GET /api/products.php`: the member's (or, logged out, a country's) prices. */
export async function listProducts(
  db: Kysely<Database>,
  deps: { prices: Prices; provider: PaymentProvider | null },
  caller: { memberId: number | null; country: string | null },
): Promise<ProductsResponse> {
  const { prices } = deps;
  const [settings, wallet] = await Promise.all([
    readStoredSettings(db),
    caller.memberId === null ? undefined : findWallet(db, caller.memberId),
  ]);
  const country = wallet ? wallet.country : caller.country;
  return {
    products: productsFor(settings, prices, country) ?? [],
    // No provider: the prices are shown, but there is no way to pay.
    methods: deps.provider ? [...PAYMENT_METHODS] : [],
    paid_until: wallet?.paid && wallet.paid_until ? wallet.paid_until.toISOString() : null,
    message_credits:
      country || wallet ? messageCredits(prices, wallet ?? { country, paid: false }) : null,
  };
}

/**
 * `POST /api/orders.php`: a pending order at the member's price, and where to pay it.
 * Credits are delivered at once, so their buyer must waive the right of withdrawal.
 */
export async function createOrder(
  db: Kysely<Database>,
  deps: { prices: Prices; provider: PaymentProvider | null },
  memberId: number,
  input: CreateOrderInput,
): Promise<CreateOrderResponse> {
  const { provider } = deps;
  if (!provider) {
    throw new AppError(503, 'payments_unavailable', 'Buying is not possible at the moment');
  }
  const [settings, wallet] = await Promise.all([readStoredSettings(db), findWallet(db, memberId)]);
  if (!wallet) throw notLoggedIn();
  const product = productsFor(settings, deps.prices, wallet.country)?.find(
    (p) => p.id === input.product,
  );
  if (!product) {
    throw new AppError(409, 'not_for_sale', 'This product is not sold in your country');
  }
  if (product.kind === 'credits' && input.waive_withdrawal !== true) {
    throw badRequest(
      'withdrawal_waiver_required',
      'waive_withdrawal: Please agree that the credits are delivered at once',
      { waive_withdrawal: 'Please agree that the credits are delivered at once' },
    );
  }
  const row = await insertOrder(db, {
    id: randomUUID(),
    member_id: memberId,
    product: product.id,
    credits: product.credits,
    premium_days: product.premium_days,
    amount: product.amount,
    currency: product.currency,
    method: input.method,
    provider: provider.name,
    waived_withdrawal: input.waive_withdrawal === true,
  });
  return { order: toOrder(row), redirect_url: provider.checkoutUrl(row.id) };
}

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
  };
}

/**
 * The provider's outcome for an order, applied once: a paid order adds its credits (with
 * their ledger row) or extends premium from its current end, queues the receipt and tells
 * the member's open pages; a later report about the same order changes nothing.
 */
export async function completeOrder(
  db: Kysely<Database>,
  id: string,
  outcome: 'paid' | 'cancelled' | 'failed',
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, id);
    if (order?.status !== 'pending') return;
    await trx
      .updateTable('orders')
      .set({ status: outcome, ...(outcome === 'paid' && { paid_at: sql<Date>`now()` }) })
      .where('id', '=', id)
      .execute();
    if (outcome !== 'paid' || order.member_id === null) return;
    const memberId = order.member_id;
    if (order.credits > 0) {
      await changeCredits(trx, { memberId, amount: order.credits, reason: 'purchase' });
    }
    if (order.premium_days > 0) {
      await trx
        .updateTable('members')
        .set({
          paid_until: sql<Date>`greatest(coalesce(paid_until, now()), now())
            + make_interval(days => ${order.premium_days})`,
        })
        .where('id', '=', memberId)
        .execute();
    }
    const member = await findActiveMemberById(trx, memberId);
    if (member) {
      await enqueueMail(trx, {
        memberId,
        payload: {
          to: member.email,
          locale: mailLocale(member.language),
          template: 'payment_receipt',
          data: {
            name: member.name,
            orderId: order.id,
            credits: order.credits,
            premiumDays: order.premium_days,
            amount: order.amount,
            currency: order.currency,
            waivedWithdrawal: order.waived_withdrawal,
          },
        },
      });
    }
    await notifyMembers(trx, [memberId], { type: 'user' });
  });
}
