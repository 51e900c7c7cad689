import { type Kysely, sql } from 'kysely';

/**
 * What verification gives (issue 48, docs/decisions/063): `members.verified_contact_only`, the
 * member's choice that only verified members may start a conversation with them or write to
 * them; a partial index of the verified members, which the "verified members only" search
 * probes for each listed row (they are few, so it stays small); and the new search filter
 * offered on sites whose stored settings predate it (an operator takes it out of
 * `search_fields` in the console).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('verified_contact_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create index members_verified_idx on members (id) where verified_at is not null`.execute(
    db,
  );
  await sql`
    update settings
    set value = jsonb_set(value, '{search_fields}', (value -> 'search_fields') || '["verified"]'::jsonb)
    where key = 'site'
      and jsonb_typeof(value -> 'search_fields') = 'array'
      and not (value -> 'search_fields') ? 'verified'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update settings
    set value = jsonb_set(value, '{search_fields}', (value -> 'search_fields') - 'verified')
    where key = 'site' and jsonb_typeof(value -> 'search_fields') = 'array'
  `.execute(db);
  await sql`drop index if exists members_verified_idx`.execute(db);
  await db.schema.alterTable('members').dropColumn('verified_contact_only').execute();
}
