import { type RawBuilder, sql } from 'kysely';

/**
 * Keyset paging in a queue ordered ascending by `keys` (the last one the id, so the order is
 * total): the rows after the one whose keys were `last`, as one row comparison.
 */
export const afterInQueue = (keys: RawBuilder<unknown>[], last: number[]) =>
  sql<boolean>`(${sql.join(keys)}) > (${sql.join(last)})`;
