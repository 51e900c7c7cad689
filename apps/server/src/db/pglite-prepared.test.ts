import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepText, parseInt8 } from './handle.js';
import { createPgliteDialect } from './pglite-dialect.js';

interface Db {
  people: { id: number; name: string; born: string };
}

// The embedded database's reads run as prepared statements (decision 045); the PostgreSQL
// run of the API tests has no use for this file.
describe.runIf(process.env.TEST_DB_KIND !== 'postgres')('prepared reads on PGlite', () => {
  let client: PGlite;
  let db: Kysely<Db>;

  beforeAll(async () => {
    client = await PGlite.create({
      parsers: { [pgliteTypes.INT8]: parseInt8, [pgliteTypes.DATE]: keepText },
    });
    db = new Kysely<Db>({ dialect: createPgliteDialect(client) });
    await sql`create table people (id int8 primary key, name text not null, born date not null)`.execute(
      db,
    );
    await sql`insert into people select g, 'person ' || g, date '2000-01-01' + g from generate_series(1, 50) g`.execute(
      db,
    );
  });
  afterAll(() => db?.destroy());

  const byId = (id: number) =>
    db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();

  it('answers each call with its own parameters, ids as numbers and dates as text', async () => {
    // More calls than PostgreSQL's five custom plans: the later ones run the cached plan.
    for (const id of [1, 7, 50, 3, 9, 12, 1, 44]) {
      expect(await byId(id)).toEqual({
        id,
        name: `person ${id}`,
        born: new Date(Date.UTC(2000, 0, 1 + id)).toISOString().slice(0, 10),
      });
    }
    expect(await byId(51)).toBeUndefined();
  });

  it('sees a column added after the statement was prepared', async () => {
    await byId(2);
    await sql`alter table people add column city text default 'Utrecht'`.execute(db);
    expect(await byId(2)).toMatchObject({ id: 2, city: 'Utrecht' });
    await sql`alter table people drop column city`.execute(db);
    expect(await byId(2)).toEqual({ id: 2, name: 'person 2', born: '2000-01-03' });
  });

  it('rejects a failing read with PostgreSQL’s error code and goes on answering', async () => {
    const failing = db
      .selectFrom('people')
      .select(sql<number>`1 / (id - ${5})`.as('x'))
      .where('id', '=', 5)
      .execute();
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    expect(await byId(5)).toMatchObject({ id: 5 });
  });

  it('keeps a bounded number of statements prepared, however many different reads come', async () => {
    for (let n = 1; n <= 320; n++) {
      // A different text each time: a list of n ids.
      const ids = Array.from({ length: n }, (_, i) => (i % 50) + 1);
      const rows = await db.selectFrom('people').select('id').where('id', 'in', ids).execute();
      expect(rows).toHaveLength(Math.min(n, 50));
    }
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements',
    );
    expect(rows[0]?.n).toBeLessThanOrEqual(301);
    expect(rows[0]?.n).toBeGreaterThan(250);
  });
});
