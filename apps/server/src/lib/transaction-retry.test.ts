import { describe, expect, it } from 'vitest';
import { retryOnConflict } from './transaction-retry.js';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('retryOnConflict', () => {
  it('runs a transaction PostgreSQL aborted for a deadlock or serialization again', async () => {
    for (const code of ['40P01', '40001']) {
      let runs = 0;
      const result = await retryOnConflict(async () => {
        runs++;
        if (runs === 1) throw pgError(code);
        return 'stored';
      });
      expect(result).toBe('stored');
      expect(runs).toBe(2);
    }
  });

  it('gives up after the third collision, and never repeats other errors', async () => {
    let runs = 0;
    await expect(
      retryOnConflict(async () => {
        runs++;
        throw pgError('40P01');
      }),
    ).rejects.toThrow('pg 40P01');
    expect(runs).toBe(3);
    runs = 0;
    await expect(
      retryOnConflict(async () => {
        runs++;
        throw pgError('23505');
      }),
    ).rejects.toThrow('pg 23505');
    expect(runs).toBe(1);
  });
});
