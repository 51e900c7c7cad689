import { type Kysely, sql } from 'kysely';

/**
 * Real payments (issue 15, docs/decisions/030): the provider's references on an order, the
 * statuses refunds and chargebacks lead to, VAT per paid order, a ledger row tied to its
 * order, what a member still owes after a refund, and every provider event kept once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint if exists orders_status_check`.execute(db);
  await sql`
    alter table orders add constraint orders_status_check check (status in (
      'pending', 'paid', 'cancelled', 'failed', 'expired',
      'refunded', 'partially_refunded', 'charged_back', 'flagged'))
  `.execute(db);
  await db.schema
    .alterTable('orders')
    // Mollie payment id `tr_…`, Stripe Checkout Session id `cs_…`, demo: the order id.
    .addColumn('provider_ref', 'text')
    // Stripe PaymentIntent `pi_…`, known once paid: charges, refunds and disputes name it.
    .addColumn('provider_intent_ref', 'text')
    .addColumn('price_country', 'text')
    // Minor units the provider has paid back (refunds and chargebacks) so far.
    .addColumn('refunded_amount', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`refunded_amount >= 0`),
    )
    .addColumn('vat_country', 'text')
    // Percent, e.g. 21.00.
    .addColumn('vat_rate', 'numeric(5, 2)')
    .addColumn('net_amount', 'integer')
    .addColumn('flag_reason', 'text')
    // When the reconciliation job last asked the provider (instances take turns on it).
    .addColumn('provider_checked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('orders_provider_ref_idx')
    .on('orders')
    .columns(['provider', 'provider_ref'])
    .unique()
    .where(sql.ref('provider_ref'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('orders_provider_intent_ref_idx')
    .on('orders')
    .columns(['provider', 'provider_intent_ref'])
    .where(sql.ref('provider_intent_ref'), 'is not', null)
    .execute();
  // The reconciliation job's scan.
  await db.schema
    .createIndex('orders_pending_idx')
    .on('orders')
    .column('created_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .alterTable('credit_ledger')
    .addColumn('order_id', 'uuid', (c) => c.references('orders.id'))
    .execute();
  // Until now any text was accepted; these are the reasons the server writes.
  await sql`
    alter table credit_ledger add constraint credit_ledger_reason_check check (reason in (
      'welcome', 'message', 'purchase', 'opening', 'refund', 'chargeback', 'adjustment'))
  `.execute(db);
  await db.schema
    .createIndex('credit_ledger_order_idx')
    .on('credit_ledger')
    .column('order_id')
    .where(sql.ref('order_id'), 'is not', null)
    .execute();

  await db.schema
    .alterTable('members')
    // The profile country at the first order: the prices the member pays from then on.
    .addColumn('price_country', 'text')
    // Credits a refund or chargeback could not take back (the balance was spent).
    .addColumn('credits_owed', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`credits_owed >= 0`),
    )
    .execute();

  // Every fact a provider reported, once: a replay hits the unique key and changes nothing.
  // No payer name, IBAN or card data: only what the books need.
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('report_outcome', 'text', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.references('orders.id'))
    .addColumn('amount', 'integer')
    .addColumn('currency', 'text')
    .addColumn('live', 'boolean', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // What we did: applied, ignored (nothing to change), flagged, unknown_order, mismatch.
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addUniqueConstraint('payment_events_provider_event_key', ['provider', 'event_id'])
    .execute();
  await db.schema
    .createIndex('payment_events_order_idx')
    .on('payment_events')
    .column('order_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await db.schema.alterTable('members').dropColumn('price_country').execute();
  await db.schema.alterTable('members').dropColumn('credits_owed').execute();
  await sql`alter table credit_ledger drop constraint credit_ledger_reason_check`.execute(db);
  await db.schema.alterTable('credit_ledger').dropColumn('order_id').execute();
  for (const column of [
    'provider_ref',
    'provider_intent_ref',
    'price_country',
    'refunded_amount',
    'vat_country',
    'vat_rate',
    'net_amount',
    'flag_reason',
    'provider_checked_at',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`
    alter table orders add constraint orders_status_check
    check (status in ('pending', 'paid', 'cancelled', 'failed'))
  `.execute(db);
}
