import { type Kysely, sql } from 'kysely';

/**
 * The security review of issue 39 (docs/decisions/052):
 * - `conversation_members.opened_at`: when this member opened the conversation from a
 *   profile. A conversation without a message is listed only to a member who opened it, so
 *   a link that opens one from another site, or a curious visit, shows nothing to the other
 *   member. Existing rows stay null: an empty conversation leaves both lists until someone
 *   opens it again, which takes one tap.
 * - `reports.reporter_standing`: the reporter's standing when the report was filed (the
 *   confirmed account's age in days, at most 30, plus 10 per earlier report of theirs that
 *   staff upheld); the moderation queue orders by it after the category. Existing reports
 *   get 0: they keep their order among themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('conversation_members')
    .addColumn('opened_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('reports')
    .addColumn('reporter_standing', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`alter table reports add constraint reports_reporter_standing_check
    check (reporter_standing >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reports').dropColumn('reporter_standing').execute();
  await db.schema.alterTable('conversation_members').dropColumn('opened_at').execute();
}
