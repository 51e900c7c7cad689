import { type Kysely, sql } from 'kysely';

/** Every table of the application's schemas, as `schema.table`, sorted. */
// biome-ignore lint/suspicious/noExplicitAny: a backup reads every table, known to the schema or not.
export async function listTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_schema || '.' || table_name as name from information_schema.tables
    where table_type = 'BASE TABLE'
      and table_schema not in ('pg_catalog', 'information_schema')
      and table_schema not like 'pg\_%'
    order by 1`.execute(db);
  return rows.map((r) => r.name);
}

const quoted = (name: string) =>
  sql.raw(
    name
      .split('.')
      .map((part) => `"${part.replaceAll('"', '""')}"`)
      .join('.'),
  );

/**
 * Rows per table. Called inside the dump's snapshot on PostgreSQL, so the counts are those
 * of the dump even while instances write.
 */
// biome-ignore lint/suspicious/noExplicitAny: see listTables.
export async function countRows(db: Kysely<any>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${quoted(table)}`.execute(db);
    counts[table] = rows[0]?.n ?? 0;
  }
  return counts;
}

/** The newest applied migration, or null on a database the app never migrated. */
// biome-ignore lint/suspicious/noExplicitAny: see listTables.
export async function latestMigration(db: Kysely<any>): Promise<string | null> {
  try {
    const { rows } = await sql<{ name: string }>`
      select name from kysely_migration order by name desc limit 1`.execute(db);
    return rows[0]?.name ?? null;
  } catch {
    return null;
  }
}

/** Lines naming every table whose count differs from the manifest's (empty: all equal). */
export function compareCounts(
  expected: Record<string, number>,
  actual: Record<string, number>,
): string[] {
  const problems: string[] = [];
  for (const table of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    if (expected[table] !== actual[table]) {
      problems.push(
        `table ${table}: ${actual[table] ?? 'missing'} rows, the manifest says ${expected[table] ?? 'no such table'}`,
      );
    }
  }
  return problems;
}
