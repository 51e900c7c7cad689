import { type Kysely, sql } from 'kysely';

/** A campaign code an admin paused works for nobody until resumed (issue 21). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table discount_codes add column paused_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table discount_codes drop column paused_at`.execute(db);
}
