import { bounded, type MemberCache } from '../members/member-cache.js';
import type { ProfileRecord } from '../members/profile.repository.js';

/** The member cache's clock: tickets, and whether what was read under one still holds. */
export type ChangeClock = Pick<
  MemberCache<{ memberId: number }, unknown>,
  'begin' | 'holds' | 'unchangedSince'
>;

interface ListEntry {
  ids: Promise<number[]>;
  ticket: number;
  readAt: number;
}

/**
 * What searches share on one instance (docs/decisions/047): per filter, the ids of every
 * match in the search's order, before any searcher's exclusions; and each listed member's
 * profile record. A list holds while no member changed at all (the member cache hears every
 * change) and for at most `listMs`, since activity moves members up without a notification.
 * A record holds while its member is unchanged. Nothing is kept while the member cache is
 * off (not listening).
 */
export class SearchCache {
  private readonly lists = new Map<string, ListEntry>();
  private readonly records = new Map<number, { record: ProfileRecord; ticket: number }>();

  constructor(
    private readonly clock: ChangeClock,
    private readonly listMs = 10_000,
    private readonly maxLists = 100,
    private readonly maxRecords = 5_000,
  ) {}

  /** The matches of the filter named `key`, read with `read` unless a list still holds. */
  matches(key: string, read: () => Promise<number[]>): Promise<number[]> {
    const now = Date.now();
    const entry = this.lists.get(key);
    if (entry && now - entry.readAt < this.listMs && this.clock.unchangedSince(entry.ticket)) {
      return entry.ids;
    }
    const ticket = this.clock.begin();
    const ids = read();
    if (ticket === null) return ids;
    // Searches arriving while it is read share the one read; a failed read is not kept.
    const stored: ListEntry = { ids, ticket, readAt: now };
    this.lists.delete(key);
    bounded(this.lists, this.maxLists).set(key, stored);
    ids.catch(() => {
      if (this.lists.get(key) === stored) this.lists.delete(key);
    });
    return ids;
  }

  /** The records of `ids` that `read` finds (members no longer listed are left out). */
  async profiles(
    ids: readonly number[],
    read: (missing: number[]) => Promise<Map<number, ProfileRecord>>,
  ): Promise<Map<number, ProfileRecord>> {
    const found = new Map<number, ProfileRecord>();
    const missing: number[] = [];
    for (const id of ids) {
      const entry = this.records.get(id);
      if (entry && this.clock.holds(id, entry.ticket)) found.set(id, entry.record);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const ticket = this.clock.begin();
    for (const [id, record] of await read(missing)) {
      found.set(id, record);
      if (ticket !== null && this.clock.holds(id, ticket)) {
        this.records.delete(id);
        bounded(this.records, this.maxRecords).set(id, { record, ticket });
      }
    }
    return found;
  }
}
