import type { Kysely } from 'kysely';

/** The demo's automatic replies (issue 22) are marked, so the chat can say so. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('demo_reply', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('demo_reply').execute();
}
