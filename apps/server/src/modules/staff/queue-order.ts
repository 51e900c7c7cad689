import { type RawBuilder, sql } from 'kysely';

/**
 * Keyset paging in a queue ordered by (rank, id): the rows after the one with `lastRank` and
 * id `afterId`, as a row comparison the index on the ids can serve.
 */
export const afterInQueue = (
  rank: RawBuilder<number>,
  idColumn: string,
  lastRank: number,
  afterId: number,
) => sql<boolean>`(${rank}, ${sql.ref(idColumn)}) > (${lastRank}, ${afterId})`;
