/**
 * The per-instance cache of what a logged-in call starts from: session → member, and the
 * rows of the member's own answer (docs/decisions/042). It is right only while the
 * instance hears `NOTIFY member_changed`: it serves nothing until listening, and forgets
 * everything when the connection drops.
 *
 * The race it closes: a read that began before a write may finish after the write's
 * notification was heard, holding the old rows. Every notification advances `epoch` and
 * records it per member; a read notes the epoch it began at (`begin`) and stores only if its
 * member has not changed since; an entry is served only if its member has not changed since
 * it was read.
 */
export class MemberCache<Session extends { memberId: number }, UserRows> {
  private epoch = 0;
  /** Entries and reads from before it are void (the cache was cleared). */
  private floor = 0;
  private live = false;
  private readonly changedAt = new Map<number, number>();
  private readonly sessions = new Map<string, { value: Session; epoch: number }>();
  private readonly users = new Map<number, { value: UserRows; epoch: number }>();

  constructor(private readonly maxEntries = 20_000) {}

  /** The ticket of a read about to start, or null when the cache is off. */
  begin(): number | null {
    return this.live ? this.epoch : null;
  }

  getSession(key: string): Session | undefined {
    const entry = this.sessions.get(key);
    if (!entry) return undefined;
    if (this.fresh(entry.value.memberId, entry.epoch)) return entry.value;
    this.sessions.delete(key);
    return undefined;
  }

  setSession(ticket: number | null, key: string, value: Session): void {
    if (this.storable(ticket, value.memberId)) {
      bounded(this.sessions, this.maxEntries).set(key, { value, epoch: ticket as number });
    }
  }

  /** Forgets one session (it was used up, or ended through this instance). */
  dropSession(key: string): void {
    this.sessions.delete(key);
  }

  getUser(memberId: number): UserRows | undefined {
    const entry = this.users.get(memberId);
    if (!entry) return undefined;
    if (this.fresh(memberId, entry.epoch)) return entry.value;
    this.users.delete(memberId);
    return undefined;
  }

  setUser(ticket: number | null, memberId: number, value: UserRows): void {
    if (this.storable(ticket, memberId)) {
      bounded(this.users, this.maxEntries).set(memberId, { value, epoch: ticket as number });
    }
  }

  /** Whether what was read of the member under `ticket` still holds (for caches beside this one). */
  holds(memberId: number, ticket: number): boolean {
    return this.fresh(memberId, ticket);
  }

  /** Whether no member changed at all since `ticket` (for answers that depend on every member). */
  unchangedSince(ticket: number): boolean {
    return this.live && ticket >= this.floor && ticket === this.epoch;
  }

  /** The members changed: what was read of them before now is void. */
  changed(memberIds: readonly number[]): void {
    if (memberIds.length === 0) return;
    this.epoch += 1;
    for (const id of memberIds) {
      this.changedAt.set(id, this.epoch);
      this.users.delete(id);
    }
    // The record of changes grows with every member that changed; past a bound, clearing
    // everything (and voiding reads under way) keeps it small and stays right.
    if (this.changedAt.size > this.maxEntries) this.clear();
  }

  /** Forget everything, and void reads under way (a notice for all, or a lost connection). */
  clear(): void {
    this.epoch += 1;
    this.floor = this.epoch;
    this.changedAt.clear();
    this.sessions.clear();
    this.users.clear();
  }

  /** Listening: the cache may serve (from empty: what was missed while down is unknown). */
  up(): void {
    this.clear();
    this.live = true;
  }

  /** Not listening: serve nothing, store nothing. */
  down(): void {
    this.live = false;
    this.clear();
  }

  private fresh(memberId: number, epoch: number): boolean {
    return this.live && epoch >= this.floor && (this.changedAt.get(memberId) ?? -1) <= epoch;
  }

  private storable(ticket: number | null, memberId: number): ticket is number {
    return ticket !== null && this.fresh(memberId, ticket);
  }
}

/** Makes room for one more entry, dropping the oldest (Maps keep insertion order). */
export function bounded<K, V>(map: Map<K, V>, max: number): Map<K, V> {
  if (map.size >= max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  return map;
}

/** A `member_changed` payload: member ids, `*` for all, or '' (a caught-up marker). */
export function parseMemberChanged(payload: string): number[] | 'all' {
  if (payload === '*') return 'all';
  if (payload === '') return [];
  return payload
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id));
}
