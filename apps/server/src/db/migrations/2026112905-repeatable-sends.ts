import type { Kysely } from 'kysely';

/**
 * Issue 44: a message or an order sent again with the same `client_id` counts once
 * (docs/decisions/058). The unique indexes are what make it hold across instances and after
 * a crash between the commit and the answer: the repeat's insert conflicts, and it reads what
 * the first one stored. Rows without a key (older clients, the demo's replies) stay null,
 * which a unique index never compares. `orders.checkout_url` keeps the provider's link, so a
 * repeated checkout answers it again instead of opening a second one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('client_id', 'uuid').execute();
  await db.schema
    .createIndex('messages_sender_client_id_key')
    .on('messages')
    .columns(['sender_id', 'client_id'])
    .unique()
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('client_id', 'uuid')
    .addColumn('checkout_url', 'text')
    .execute();
  await db.schema
    .createIndex('orders_member_client_id_key')
    .on('orders')
    .columns(['member_id', 'client_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_member_client_id_key').execute();
  await db.schema.alterTable('orders').dropColumn('client_id').dropColumn('checkout_url').execute();
  await db.schema.dropIndex('messages_sender_client_id_key').execute();
  await db.schema.alterTable('messages').dropColumn('client_id').execute();
}
