import {
  type PGlite,
  parse as pgliteParse,
  protocol as pgliteProtocol,
  type Results,
} from '@electric-sql/pglite';

const { serialize } = pgliteProtocol;

/** Statements kept prepared at once; the least recently used is closed beyond this. */
const MAX_PREPARED = 300;
/** `cached plan must not change result type`: a table the statement reads was altered. */
const FEATURE_NOT_SUPPORTED = '0A000';

interface Prepared {
  name: string;
  /** The parameters' type oids, as the server inferred them: they pick the serializers. */
  paramTypes: number[];
}

/**
 * Queries with parameters as named prepared statements, one per distinct SQL text, each
 * run in one call into PGlite (bind, describe, execute, sync). PGlite's own `query` parses
 * and plans every statement afresh in five calls; planning asks the file system for every
 * relation's size, and on the embedded database that was most of a search's time (issue 24,
 * decision 045). Prepared statements follow PostgreSQL's plan cache: altered tables re-plan,
 * and a statement whose result type changed is prepared again.
 */
export function preparedStatements(pg: PGlite) {
  const prepared = new Map<string, Prepared>();
  const toClose: string[] = [];
  let next = 0;

  const prepare = async (sql: string): Promise<Prepared> => {
    const name = `kysely_${++next}`;
    const closing = toClose.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    const { messages } = await pg.execProtocol(
      Buffer.concat([
        ...closing,
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const description = messages.find((m) => m.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    prepared.set(sql, statement);
    if (prepared.size > MAX_PREPARED) {
      const [oldest] = prepared.keys();
      if (oldest !== undefined) {
        toClose.push(prepared.get(oldest)!.name);
        prepared.delete(oldest);
      }
    }
    return statement;
  };

  const run = async (statement: Prepared, parameters: readonly unknown[]): Promise<Results> => {
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[statement.paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await pg.execProtocol(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values: values as string[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    const [result] = pgliteParse.parseResults(messages, pg.parsers);
    return result ?? { rows: [], fields: [] };
  };

  return async function query(sql: string, parameters: readonly unknown[]): Promise<Results> {
    return pg._runExclusiveQuery(async () => {
      const known = prepared.get(sql);
      if (known) {
        // Most recently used last: the map's order is the eviction order.
        prepared.delete(sql);
        prepared.set(sql, known);
        try {
          return await run(known, parameters);
        } catch (error) {
          if ((error as { code?: string }).code !== FEATURE_NOT_SUPPORTED) throw error;
          prepared.delete(sql);
          toClose.push(known.name);
        }
      }
      return run(await prepare(sql), parameters);
    });
  };
}
