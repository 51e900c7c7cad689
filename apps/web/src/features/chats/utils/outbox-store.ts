import { clear, createStore, del, set, type UseStore, values } from 'idb-keyval';

/** Why the server refused a message: kept with it, so the bubble says so after a reload. */
export interface Refusal {
  status: number;
  code: string;
  /** When a limit lets it through again (`error.retry_at`), as ISO text. */
  retry_at: string | null;
}

/** A message the member wrote that the server has not confirmed yet. */
export interface OutboxEntry {
  client_id: string;
  /** Whose it is: only that member's session sends it. */
  member: number;
  conversation: number;
  text: string;
  /** When it was written (ms since 1970): messages leave in this order. */
  at: number;
  refusal: Refusal | null;
}

let store: UseStore | undefined;
// Opened on first use, never at import: the server's rendering imports this module too.
const outboxDb = () => {
  store ??= createStore('amora-outbox', 'messages');
  return store;
};

/** Every waiting message of this browser, oldest first. */
export async function readStoredOutbox(): Promise<OutboxEntry[]> {
  const entries = await values<OutboxEntry>(outboxDb());
  return entries.sort((a, b) => a.at - b.at);
}

export const storeEntry = (entry: OutboxEntry) => set(entry.client_id, entry, outboxDb());
export const deleteStoredEntry = (clientId: string) => del(clientId, outboxDb());
export const clearStoredOutbox = () => clear(outboxDb());
