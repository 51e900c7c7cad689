import type { Kysely, Transaction } from 'kysely';
import type { Database, PaymentEventOutcome } from '../../db/schema.js';
import type { PaymentReport } from './provider-types.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Stores a reported event under its unique `(provider, event_id)`, as `ignored` until its
 * outcome is known. Answers its id, or undefined when the event was stored before (a replay,
 * also one delivered in parallel, which then waits for the first one's transaction).
 */
export async function insertPaymentEvent(
  db: Db,
  report: PaymentReport,
): Promise<number | undefined> {
  const row = await db
    .insertInto('payment_events')
    .values({
      provider: report.provider,
      event_id: report.eventId,
      type: report.type,
      report_outcome: report.outcome,
      amount: report.amount ?? null,
      currency: report.currency?.toUpperCase() ?? null,
      live: report.live,
      outcome: 'ignored',
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** What applying the event did, and to which order. */
export async function recordEventOutcome(
  db: Db,
  id: number,
  applied: { outcome: PaymentEventOutcome; orderId: string | null; note: string | null },
): Promise<void> {
  await db
    .updateTable('payment_events')
    .set({ outcome: applied.outcome, order_id: applied.orderId, note: applied.note })
    .where('id', '=', id)
    .execute();
}
