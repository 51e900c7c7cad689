import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AfterWriteHooks, poolWithAfterWrite } from './write-barrier.js';

/** A pool of one client that records what it ran, beside the hook's runs. */
function recordingPool() {
  const log: string[] = [];
  const client = {
    query: async (text: string) => {
      log.push(text);
      return { rows: [] };
    },
    release: () => {},
    // The wrapper listens for a lost connection's 'error' event.
    on: () => {},
  };
  const pool = { connect: async () => client, end: async () => {} } as unknown as pg.Pool;
  const hooks = new AfterWriteHooks();
  hooks.add(async () => {
    log.push('hook');
  });
  return { log, pool: poolWithAfterWrite(pool, hooks) };
}

describe('poolWithAfterWrite', () => {
  it('runs the hooks after a write outside a transaction, before the caller goes on', async () => {
    const { log, pool } = recordingPool();
    const client = await pool.connect();
    await client.query('select 1');
    await client.query('update members set credits = 3');
    log.push('caller');
    expect(log).toEqual(['select 1', 'update members set credits = 3', 'hook', 'caller']);
  });

  it('runs them once at the commit of a transaction, and not for a rollback', async () => {
    const { log, pool } = recordingPool();
    const client = await pool.connect();
    for (const text of [
      'begin',
      'update a',
      'savepoint s',
      'rollback to savepoint s',
      'delete b',
    ]) {
      await client.query(text);
    }
    expect(log).not.toContain('hook');
    await client.query('commit');
    expect(log.at(-1)).toBe('hook');
    log.length = 0;
    await client.query('start transaction isolation level serializable');
    await client.query('insert into c values (1)');
    await client.query('rollback');
    expect(log).not.toContain('hook');
  });
});
