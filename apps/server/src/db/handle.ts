import type { Kysely } from 'kysely';
import type { Listen } from './listen.js';
import type { Database } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** LISTEN on a NOTIFY channel of this database (live updates across instances). */
  listen: Listen;
  close(): Promise<void>;
}

/** int8 ids and counts as numbers, dates as 'YYYY-MM-DD' text: the same on both drivers. */
export const INT8 = 20;
export const DATE = 1082;
export const parseInt8 = (value: string) => Number(value);
export const keepText = (value: string) => value;
