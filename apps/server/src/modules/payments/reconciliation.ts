import { type Kysely, sql } from 'kysely';
import type { Mode } from '../../config/mode.js';
import type { Database } from '../../db/schema.js';
import { releaseLapsedUses } from './discounts.js';
import { applyPaymentReport, type PaymentLog } from './payment-events.service.js';
import type { PaymentProvider, PaymentReport } from './provider-types.js';

/** A pending order is asked about at the provider after this long (a webhook may be lost). */
export const RECHECK_AFTER_MINUTES = 15;
/** A pending order expires after this long. */
export const EXPIRE_AFTER_HOURS = 24;
/** The same order is asked about again at most this often. */
const RECHECK_EVERY_MINUTES = 5;

export interface ReconcileDeps {
  provider: PaymentProvider | null;
  mode: Mode;
  log: PaymentLog & { error(obj: object, msg?: string): void };
  /** Orders claimed per run. */
  batch?: number;
}

/**
 * One run of the reconciliation job (docs/decisions/030): claims pending orders older than
 * 15 minutes that nobody asked about in the last 5 (one `UPDATE … WHERE id IN (SELECT … FOR
 * UPDATE SKIP LOCKED)`, so instances running it at once take different orders), asks the
 * provider for their payment when it can (`fetchPayment`; an order whose reference was never
 * stored is first looked up by its id, `findCheckout`), applies what it reports, and
 * expires those still pending after 24 hours. It also ends discount-code holds that lapsed
 * (`DISCOUNT_RESERVATION_MINUTES`), so the console's counts are current. Provider calls happen outside any transaction;
 * every change goes through `applyPaymentReport`, so a report that also arrives by webhook
 * counts once. Answers how many orders it looked at and expired.
 */
export async function reconcilePendingOrders(
  db: Kysely<Database>,
  deps: ReconcileDeps,
): Promise<{ checked: number; expired: number }> {
  await releaseLapsedUses(db);
  const claimed = await db
    .updateTable('orders')
    .set({ provider_checked_at: sql<Date>`now()` })
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'pending')
        .where(
          'created_at',
          '<',
          sql<Date>`now() - make_interval(mins => ${RECHECK_AFTER_MINUTES})`,
        )
        .where((eb) =>
          eb.or([
            eb('provider_checked_at', 'is', null),
            eb(
              'provider_checked_at',
              '<',
              sql<Date>`now() - make_interval(mins => ${RECHECK_EVERY_MINUTES})`,
            ),
          ]),
        )
        .orderBy('created_at')
        .limit(deps.batch ?? 20)
        .forUpdate()
        .skipLocked(),
    )
    .returning([
      'id',
      'provider',
      'provider_ref',
      'created_at',
      sql<boolean>`created_at < now() - make_interval(hours => ${EXPIRE_AFTER_HOURS})`.as(
        'overdue',
      ),
    ])
    .execute();

  const options = { mode: deps.mode, log: deps.log };
  let expired = 0;
  for (const order of claimed) {
    const { provider } = deps;
    if (provider?.fetchPayment && provider.name === order.provider) {
      try {
        const ref = order.provider_ref ?? (await recoverReference(db, provider, order));
        const reports = ref ? await provider.fetchPayment(ref) : [];
        for (const report of reports) await applyPaymentReport(db, report, options);
      } catch (error) {
        deps.log.warn({ err: error, orderId: order.id }, 'reconciliation: provider check failed');
      }
    }
    if (!order.overdue) continue;
    const report: PaymentReport = {
      provider: order.provider as PaymentReport['provider'],
      eventId: `${order.id}:expired:reconciliation`,
      type: 'reconciliation.expired',
      outcome: 'expired',
      orderId: order.id,
      providerRef: order.provider_ref ?? undefined,
      live: true,
    };
    // Still pending after the provider's answer: a report the provider sent meanwhile wins.
    const result = await applyPaymentReport(db, report, options);
    if (result.outcome === 'applied') expired += 1;
  }
  return { checked: claimed.length, expired };
}

/**
 * The provider's reference of an order stored without one (the server stopped between the
 * provider's answer and storing it), found at the provider and stored now: Mollie's webhook
 * answers only for payments an order holds, so until then nothing else would find it.
 */
async function recoverReference(
  db: Kysely<Database>,
  provider: PaymentProvider,
  order: { id: string; created_at: Date },
): Promise<string | null> {
  const ref = await provider.findCheckout?.(order.id, order.created_at);
  if (!ref) return null;
  await db
    .updateTable('orders')
    .set({ provider_ref: ref })
    .where('id', '=', order.id)
    .where('provider_ref', 'is', null)
    .execute();
  return ref;
}

export interface Reconciler {
  runOnce(): Promise<{ checked: number; expired: number }>;
  stop(): Promise<void>;
}

/** Runs the job every `everyMs` (default a minute) in this instance; runs never overlap. */
export function startReconciliation(
  db: Kysely<Database>,
  deps: ReconcileDeps,
  everyMs = 60_000,
): Reconciler {
  let running: Promise<{ checked: number; expired: number }> | null = null;
  const runOnce = () => {
    running ??= reconcilePendingOrders(db, deps).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    runOnce().catch((err: unknown) => deps.log.error({ err }, 'reconciliation failed'));
  }, everyMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
