import { splitVat } from '@amora/shared/rules/vat';
import type { OrderStatus } from '@amora/shared/schemas/orders';
import type { Kysely, Transaction } from 'kysely';
import type { Mode } from '../../config/mode.js';
import type { Database, PaymentEventOutcome } from '../../db/schema.js';
import { textLocale } from '../../lib/locale-text.js';
import { paymentEvents } from '../../lib/metrics.js';
import { changeCredits } from '../credits/credit-ledger.repository.js';
import { notifyMembers } from '../live/live-notify.js';
import { enqueueMail } from '../mail/mail-outbox.repository.js';
import { findActiveMemberById } from '../members/member.repository.js';
import { countUse, releaseUse } from './discounts.js';
import {
  findOrderByProviderRef,
  findProviderOrder,
  flagOrder,
  lockOrder,
  markOrderPaid,
  type OrderRow,
  setOrderPaidBack,
  setOrderStatus,
} from './order.repository.js';
import { insertPaymentEvent, recordEventOutcome } from './payment-event.repository.js';
import type { PaymentReport } from './provider-types.js';
import {
  addCreditsOwed,
  extendPremium,
  lockMemberCredits,
  shortenPremium,
} from './purchase.repository.js';
import { creditsTakenBack, paidBackStatus } from './refund-rules.js';

/** The little of a logger this needs (pino and Fastify's loggers fit). */
export interface PaymentLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface ApplyOptions {
  /** In production a test-mode report (`live: false`) grants nothing and flags the order. */
  mode: Mode;
  log: PaymentLog;
}

export interface ApplyResult {
  /** What was done; `replay`: this `(provider, eventId)` was applied before, nothing changed. */
  outcome: PaymentEventOutcome | 'replay';
  orderId: string | null;
  /** The order's status after the report (null without an order). */
  status: OrderStatus | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Statuses in which the order's credits or premium were granted and not all taken back. */
const GRANTED: readonly OrderStatus[] = ['paid', 'partially_refunded'];

/**
 * Applies one fact a payment provider reported, exactly once (docs/decisions/030). Every
 * provider's webhook, the demo checkout and the reconciliation job come through here.
 *
 * In one transaction: the event is stored under its unique `(provider, event_id)` (a replay,
 * also one delivered in parallel, finds it taken and changes nothing); the order is found by
 * the provider's reference, else the PaymentIntent, else `metadata.order_id`, and when a
 * reference and the metadata both name an order they must agree; the order is locked
 * `FOR UPDATE`; then the credits, premium, ledger, credits owed, status and mail change
 * together. Money moves only through ledger rows carrying the order id. A database error
 * propagates (the webhook answers 500 and the provider retries); nothing is half-applied.
 */
export async function applyPaymentReport(
  db: Kysely<Database>,
  report: PaymentReport,
  options: ApplyOptions,
): Promise<ApplyResult> {
  const result = await db.transaction().execute(async (trx) => {
    const eventId = await insertPaymentEvent(trx, report);
    if (eventId === undefined)
      return { outcome: 'replay', orderId: null, status: null } satisfies ApplyResult;

    const found = await findReportedOrder(trx, report);
    let applied: { outcome: PaymentEventOutcome; note?: string; status: OrderStatus | null };
    let orderId: string | null = null;
    if (found.kind !== 'found') {
      applied = { outcome: found.kind, note: found.note, status: null };
    } else {
      const order = await lockOrder(trx, found.id);
      orderId = order.id;
      applied = await applyToOrder(trx, order, report, options.mode);
    }
    await recordEventOutcome(trx, eventId, {
      outcome: applied.outcome,
      orderId,
      note: applied.note ?? null,
    });
    return { outcome: applied.outcome, orderId, status: applied.status } satisfies ApplyResult;
  });
  paymentEvents.inc({ outcome: result.outcome });
  const level = result.outcome === 'applied' || result.outcome === 'replay' ? 'info' : 'warn';
  options.log[level](
    {
      provider: report.provider,
      eventId: report.eventId,
      type: report.type,
      reported: report.outcome,
      did: result.outcome,
      orderId: result.orderId,
      status: result.status,
    },
    'payment report',
  );
  return result;
}

type Found =
  | { kind: 'found'; id: string }
  | { kind: 'unknown_order' | 'order_mismatch'; note: string };

async function findReportedOrder(
  trx: Transaction<Database>,
  report: PaymentReport,
): Promise<Found> {
  const byColumn = (column: 'provider_ref' | 'provider_intent_ref', value: string) =>
    findOrderByProviderRef(trx, report.provider, column, value);
  const metadataId = report.orderId;
  const byRef =
    (report.providerRef ? await byColumn('provider_ref', report.providerRef) : undefined) ??
    (report.intentRef ? await byColumn('provider_intent_ref', report.intentRef) : undefined);
  if (byRef) {
    if (metadataId !== undefined && metadataId !== byRef.id) {
      return {
        kind: 'order_mismatch',
        note: `reference names ${byRef.id}, metadata ${metadataId}`,
      };
    }
    return { kind: 'found', id: byRef.id };
  }
  if (metadataId === undefined || !UUID.test(metadataId)) {
    return { kind: 'unknown_order', note: 'no stored order has this reference' };
  }
  const byId = await findProviderOrder(trx, report.provider, metadataId);
  if (!byId) return { kind: 'unknown_order', note: 'no order of this provider has this id' };
  // The metadata names an order that carries another reference: not this payment's order.
  if (
    (report.providerRef && byId.provider_ref && report.providerRef !== byId.provider_ref) ||
    (report.intentRef && byId.provider_intent_ref && report.intentRef !== byId.provider_intent_ref)
  ) {
    return { kind: 'order_mismatch', note: `order ${byId.id} has another reference` };
  }
  return { kind: 'found', id: byId.id };
}

async function applyToOrder(
  trx: Transaction<Database>,
  order: OrderRow,
  report: PaymentReport,
  mode: Mode,
): Promise<{ outcome: PaymentEventOutcome; note?: string; status: OrderStatus }> {
  const keep = (outcome: PaymentEventOutcome, note?: string) => ({
    outcome,
    status: order.status,
    ...(note !== undefined && { note }),
  });
  const currencyDiffers =
    report.currency !== undefined && report.currency.toUpperCase() !== order.currency;

  if (mode === 'production' && !report.live) {
    // A test payment must never turn into credits in production. A pending order waits for
    // a person; others keep their status and only carry the flag.
    await flagOrder(
      trx,
      order.id,
      'test-mode payment report in production',
      order.status === 'pending',
    );
    return {
      outcome: 'flagged',
      note: 'live=false in production',
      status: order.status === 'pending' ? 'flagged' : order.status,
    };
  }

  switch (report.outcome) {
    case 'pending':
      return keep('ignored', 'still pending');

    case 'failed':
    case 'cancelled':
    case 'expired': {
      if (order.status !== 'pending') return keep('ignored', `order is ${order.status}`);
      await setOrderStatus(trx, order.id, report.outcome);
      // A discount code's use the order held goes back (docs/decisions/032).
      await releaseUse(trx, order.id);
      if (order.member_id !== null) {
        await notifyMembers(trx, [order.member_id], { type: 'user' });
      }
      return { outcome: 'applied', status: report.outcome };
    }

    case 'paid': {
      if (order.status !== 'pending') {
        if (
          order.status === 'failed' ||
          order.status === 'cancelled' ||
          order.status === 'expired'
        ) {
          // Money arrived for an order we had given up on: a person must look (refund or grant).
          const reason = `paid after it was ${order.status}`;
          await flagOrder(trx, order.id, reason, true);
          return { outcome: 'flagged', note: reason, status: 'flagged' };
        }
        return keep('ignored', `order is ${order.status}`);
      }
      if (report.amount !== order.amount || currencyDiffers || report.currency === undefined) {
        const reason = `paid ${report.amount ?? '?'} ${report.currency ?? '?'}, ordered ${order.amount} ${order.currency}`;
        await flagOrder(trx, order.id, reason, true);
        return { outcome: 'flagged', note: reason, status: 'flagged' };
      }
      await grant(trx, order, report);
      return { outcome: 'applied', status: 'paid' };
    }

    case 'refunded':
    case 'charged_back': {
      const charge = report.outcome === 'charged_back';
      if (currencyDiffers) {
        const reason = `${report.outcome} in ${report.currency}, ordered in ${order.currency}`;
        await flagOrder(trx, order.id, reason, false);
        return { outcome: 'flagged', note: reason, status: order.status };
      }
      if (order.status === 'flagged') return payBackUngranted(trx, order, report, charge);
      if (!GRANTED.includes(order.status) && !(charge && order.status === 'refunded')) {
        return keep('ignored', `order is ${order.status}`);
      }
      const reported = Math.min(order.amount, Math.max(0, report.amount ?? order.amount));
      const total = Math.max(order.refunded_amount, reported);
      if (!charge && total <= order.refunded_amount) return keep('ignored', 'nothing new refunded');
      return { outcome: 'applied', status: await takeBack(trx, order, { total, charge }) };
    }
  }
}

/**
 * Money paid back on a flagged order, which granted nothing: only the order changes. It
 * stays flagged until it is paid back in full (staff refund money that came in for an order
 * given up on, or paid in another amount).
 */
async function payBackUngranted(
  trx: Transaction<Database>,
  order: OrderRow,
  report: PaymentReport,
  charge: boolean,
): Promise<{ outcome: PaymentEventOutcome; note?: string; status: OrderStatus }> {
  const reported = Math.min(order.amount, Math.max(0, report.amount ?? order.amount));
  const total = charge ? order.amount : Math.max(order.refunded_amount, reported);
  if (total <= order.refunded_amount) {
    return { outcome: 'ignored', note: 'nothing new refunded', status: order.status };
  }
  const status = paidBackStatus(order.amount, total, { charge, partly: 'flagged' });
  await setOrderPaidBack(trx, order.id, status, total);
  if (order.member_id !== null) await notifyMembers(trx, [order.member_id], { type: 'user' });
  return { outcome: 'applied', note: 'nothing had been granted', status };
}

/**
 * Paid: the credits (after paying off what the member owes) or the premium days, the VAT
 * split, the receipt and a hint to the member's open pages, all with the status change.
 */
async function grant(trx: Transaction<Database>, order: OrderRow, report: PaymentReport) {
  const vat = splitVat(order.amount, order.price_country);
  await markOrderPaid(trx, order.id, {
    ...(report.intentRef && { provider_intent_ref: report.intentRef }),
    ...(!order.provider_ref && report.providerRef && { provider_ref: report.providerRef }),
    vat_country: vat?.country ?? null,
    vat_rate: vat?.rate ?? null,
    net_amount: vat?.net ?? null,
  });
  await countUse(trx, order.id);
  if (order.member_id === null) return;
  const memberId = order.member_id;
  if (order.credits > 0) {
    await changeCredits(trx, {
      memberId,
      amount: order.credits,
      reason: 'purchase',
      orderId: order.id,
    });
    await payOffOwedCredits(trx, memberId, order.id);
  }
  if (order.premium_days > 0) await extendPremium(trx, memberId, order.premium_days);
  const member = await findActiveMemberById(trx, memberId);
  if (member) {
    await enqueueMail(trx, {
      memberId,
      payload: {
        to: member.email,
        locale: textLocale(member.language),
        template: 'payment_receipt',
        data: {
          name: member.name,
          orderId: order.id,
          credits: order.credits,
          premiumDays: order.premium_days,
          amount: order.amount,
          currency: order.currency,
          waivedWithdrawal: order.waived_withdrawal,
          ...(vat && { vatCountry: vat.country, vatRate: vat.rate, netAmount: vat.net }),
        },
      },
    });
  }
  await notifyMembers(trx, [memberId], { type: 'user' });
}

/** The credits a refund took back that the balance could not cover come off new credits first. */
async function payOffOwedCredits(trx: Transaction<Database>, memberId: number, orderId: string) {
  const member = await lockMemberCredits(trx, memberId);
  const payoff = Math.min(member.credits_owed, member.credits);
  if (payoff <= 0) return;
  await changeCredits(trx, { memberId, amount: -payoff, reason: 'adjustment', orderId });
  await addCreditsOwed(trx, memberId, -payoff);
}

/**
 * A refund (cumulative `total`) or chargeback: takes back the credits the order granted in
 * proportion (a chargeback: all of them) as far as the balance reaches, one ledger row; the
 * rest the member owes. Premium the order added ends once at least half is refunded.
 * Answers the order's new status.
 */
async function takeBack(
  trx: Transaction<Database>,
  order: OrderRow,
  { total, charge }: { total: number; charge: boolean },
): Promise<OrderStatus> {
  const before = order.refunded_amount;
  const status = paidBackStatus(order.amount, total, { charge, partly: 'partially_refunded' });
  await setOrderPaidBack(trx, order.id, status, charge ? order.amount : total);
  if (order.member_id === null) return status;
  const memberId = order.member_id;
  const alreadyTaken = creditsTakenBack(order.credits, before, order.amount);
  const toTake = charge
    ? order.credits - alreadyTaken
    : creditsTakenBack(order.credits, total, order.amount) - alreadyTaken;
  let taken = 0;
  let owed = 0;
  if (toTake > 0) {
    const member = await lockMemberCredits(trx, memberId);
    taken = Math.min(toTake, member.credits);
    owed = toTake - taken;
    if (taken > 0) {
      await changeCredits(trx, {
        memberId,
        amount: -taken,
        reason: charge ? 'chargeback' : 'refund',
        orderId: order.id,
      });
    }
    if (owed > 0) await addCreditsOwed(trx, memberId, owed);
  }
  const halfBefore = before * 2 >= order.amount;
  const halfNow = charge || total * 2 >= order.amount;
  const premiumEnded = order.premium_days > 0 && halfNow && !halfBefore;
  if (premiumEnded) await shortenPremium(trx, memberId, order.premium_days);
  const member = await findActiveMemberById(trx, memberId);
  if (member) {
    await enqueueMail(trx, {
      memberId,
      payload: {
        to: member.email,
        locale: textLocale(member.language),
        template: 'payment_refund',
        data: {
          name: member.name,
          orderId: order.id,
          chargeback: charge,
          amount: charge ? order.amount - before : total - before,
          currency: order.currency,
          creditsTaken: taken,
          creditsOwed: owed,
          premiumEnded,
        },
      },
    });
  }
  await notifyMembers(trx, [memberId], { type: 'user' });
  return status;
}
