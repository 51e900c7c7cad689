import type pg from 'pg';

/** Work that must be done after a write committed, before the writer goes on. */
export type AfterWrite = () => Promise<void>;

/** The hooks of one database handle: registered by the app, run by the pool. */
export class AfterWriteHooks {
  private readonly hooks = new Set<AfterWrite>();

  /** Adds a hook; returns its removal. */
  add(hook: AfterWrite): () => void {
    this.hooks.add(hook);
    return () => this.hooks.delete(hook);
  }

  async run(): Promise<void> {
    if (this.hooks.size === 0) return;
    await Promise.all([...this.hooks].map((hook) => hook()));
  }
}

const READ_ONLY = /^\s*select\b/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(commit|end)\b/i;
const ROLLBACK = /^\s*rollback\s*;?\s*$/i;

/**
 * A pool whose clients run `hooks` after every statement that may have written, once it
 * committed: a statement outside a transaction that is not a plain `select`, or the commit
 * of a transaction. Every caller of the database (Kysely, whole transactions, tests writing
 * beside the app) then goes on only after the hooks ran. Only string queries are looked at:
 * Kysely sends every statement, `begin` and `commit` included, as one.
 */
export function poolWithAfterWrite(pool: pg.Pool, hooks: AfterWriteHooks): pg.Pool {
  const wrapped = new WeakSet<pg.PoolClient>();
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const withHooks = async (): Promise<pg.PoolClient> => {
    const client = await connect();
    if (wrapped.has(client)) return client;
    wrapped.add(client);
    // A connection lost while checked out with no query running (between a transaction's
    // statements, or while the hooks wait) is reported to its next query, and the pool drops
    // it on release; unheard, pg's 'error' event would end the process (a database restart).
    client.on('error', () => {});
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    let inTransaction = false;
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them all through.
    (client as any).query = async (...args: unknown[]) => {
      const [text] = args;
      if (typeof text !== 'string') return query(...args);
      if (BEGIN.test(text)) inTransaction = true;
      let result: unknown;
      try {
        result = await query(...args);
      } catch (error) {
        if (COMMIT.test(text) || ROLLBACK.test(text)) inTransaction = false;
        throw error;
      }
      if (COMMIT.test(text)) {
        inTransaction = false;
        await hooks.run();
      } else if (ROLLBACK.test(text)) {
        inTransaction = false;
      } else if (!inTransaction && !READ_ONLY.test(text)) {
        await hooks.run();
      }
      return result;
    };
    return client;
  };
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's driver calls only connect() and end().
  return { connect: withHooks, end: () => pool.end() } as any;
}

const registry = new WeakMap<object, AfterWriteHooks>();

/** Notes which hooks the pool under `db` runs (PostgreSQL handles only). */
export function registerAfterWriteHooks(db: object, hooks: AfterWriteHooks): void {
  registry.set(db, hooks);
}

/**
 * The after-write hooks of the handle `db` came from, or null: PGlite needs none, since its
 * one connection hands notifications to the listeners before the writing query resolves.
 */
export function afterWriteHooksOf(db: object): AfterWriteHooks | null {
  return registry.get(db) ?? null;
}
