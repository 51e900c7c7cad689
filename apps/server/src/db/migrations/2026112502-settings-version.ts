import { type Kysely, sql } from 'kysely';

/**
 * The settings' version (issue 21): an admin saves with the version read, so two admins
 * never overwrite each other's changes unseen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settings add column version integer not null default 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settings drop column version`.execute(db);
}
