import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * A copy of every table's rows and every sequence's position, kept in the schema
 * `amora_snapshot` of the same database, and put back on request. The browser tests run
 * many files against one server and restore the data as it was right after start-up
 * between files (TEST_DATA_RESET=ipc, docs/decisions/023); nothing else uses it.
 */
const SNAPSHOT = 'amora_snapshot';
const KEEP = new Set(['kysely_migration', 'kysely_migration_lock']);

async function tables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.map((r) => r.name).filter((name) => !KEEP.has(name));
}

/** Columns that take a value on insert (generated columns are computed again). */
async function insertableColumns(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`.execute(db);
  return rows.map((r) => r.name);
}

/** Takes (or takes again) the snapshot of the data as it is now. */
export async function takeSnapshot(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`drop schema if exists ${sql.id(SNAPSHOT)} cascade`.execute(trx);
    await sql`create schema ${sql.id(SNAPSHOT)}`.execute(trx);
    for (const table of await tables(trx)) {
      await sql`create table ${sql.id(SNAPSHOT, table)} as table ${sql.id('public', table)}`.execute(
        trx,
      );
    }
    await sql`
      create table ${sql.id(SNAPSHOT, '_sequences')} as
      select schemaname || '.' || sequencename as name, last_value from pg_sequences
      where schemaname = 'public'`.execute(trx);
  });
}

/**
 * Puts every row and sequence back as the snapshot holds them, in one transaction: rows
 * added since are gone, changed and deleted ones are back. Foreign keys are not checked
 * while the rows go in (the snapshot was consistent when it was taken).
 */
export async function restoreSnapshot(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const names = await tables(trx);
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`truncate ${sql.join(names.map((t) => sql.id('public', t)))}`.execute(trx);
    for (const table of names) {
      const columns = sql.join((await insertableColumns(trx, table)).map((c) => sql.id(c)));
      await sql`
        insert into ${sql.id('public', table)} (${columns}) overriding system value
        select ${columns} from ${sql.id(SNAPSHOT, table)}`.execute(trx);
    }
    await sql`
      select setval(name::regclass, coalesce(last_value, 1), last_value is not null)
      from ${sql.id(SNAPSHOT, '_sequences')}`.execute(trx);
  });
}
