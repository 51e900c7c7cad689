import { type Kysely, sql } from 'kysely';

/**
 * Erasure (issue 19, docs/decisions/035): a deleted account keeps its address only as an
 * HMAC (so the address still reports `deleted`). Accounts deleted before this release are
 * converted at start (`eraseDeletedAddresses`): the key lives with the server's secrets, not
 * in SQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('email_hmac', 'text').execute();
  await db.schema
    .createIndex('members_email_hmac_key')
    .on('members')
    .column('email_hmac')
    .unique()
    .where(sql.ref('email_hmac'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_email_hmac_key').ifExists().execute();
  await db.schema.alterTable('members').dropColumn('email_hmac').execute();
}
