import type { SendMessageResponse } from '@amora/shared/schemas/messages';
import { ApiError } from '@/lib/api-client';
import { newClientId } from '@/lib/client-id';
import { sendMessage } from '../api/send-message';
import {
  clearStoredOutbox,
  deleteStoredEntry,
  type OutboxEntry,
  readStoredOutbox,
  storeEntry,
} from './outbox-store';

/**
 * The messages the member wrote that the server has not confirmed (issue 44, decision 058).
 * Each is kept in IndexedDB from the moment it is sent, so it outlives a reload, a closed
 * tab and a lost connection, and leaves in the order it was written, one at a time, again
 * and again until the server answers. Its `client_id` makes the repeats harmless: the server
 * stores, charges and delivers it once, and the app shows the stored message in its place
 * (matched by the key, never twice). A refusal (a 4xx) keeps it with the reason, for "try
 * again". The module is loaded with the chat screens and keeps sending after the member
 * leaves them; tabs tell each other what changed over a BroadcastChannel.
 */
export interface OutboxHandlers {
  /** The member whose messages go: another member's wait for their own session. */
  memberId: number;
  /** The server has the message; called before its bubble leaves, so it is never missing. */
  onSent(entry: OutboxEntry, answer: SendMessageResponse): void;
  /** The server refused it; the entry stays with the reason. */
  onRefused(entry: OutboxEntry, error: ApiError): void;
}

type Change =
  | { kind: 'add'; entry: OutboxEntry }
  | { kind: 'update'; entry: OutboxEntry }
  | { kind: 'drop'; clientId: string }
  | { kind: 'clear' };

/** The waits after failures without an answer (no connection, a 5xx), growing to 30 s. */
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

let entries: readonly OutboxEntry[] = [];
let loading: Promise<void> | null = null;
/** Goes up with every clear: a read of the store begun before it adds nothing after. */
let generation = 0;
let handlers: OutboxHandlers | null = null;
let started = false;
let flushing = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let channel: BroadcastChannel | null = null;
const listeners = new Set<() => void>();

const byAge = (a: OutboxEntry, b: OutboxEntry) => a.at - b.at;

function apply(change: Change) {
  if (change.kind === 'clear') entries = [];
  else if (change.kind === 'drop') {
    entries = entries.filter((e) => e.client_id !== change.clientId);
  } else {
    const exists = entries.some((e) => e.client_id === change.entry.client_id);
    // An update of an entry that left meanwhile (sent, deleted) does not bring it back.
    if (change.kind === 'update' && !exists) return;
    entries = [...entries.filter((e) => e.client_id !== change.entry.client_id), change.entry].sort(
      byAge,
    );
  }
  for (const listener of listeners) listener();
}

function commit(change: Change) {
  apply(change);
  const saved =
    change.kind === 'clear'
      ? clearStoredOutbox()
      : change.kind === 'drop'
        ? deleteStoredEntry(change.clientId)
        : storeEntry(change.entry);
  // Without IndexedDB (a private window that refuses it) the outbox lives as long as the tab.
  saved.catch((error) => console.warn('The message outbox could not be saved', error));
  channel?.postMessage(change);
}

function load() {
  const reading = generation;
  loading ??= readStoredOutbox().then(
    (stored) => {
      if (reading !== generation) return;
      const known = new Set(entries.map((e) => e.client_id));
      const added = stored.filter((e) => !known.has(e.client_id));
      if (added.length === 0) return;
      entries = [...entries, ...added].sort(byAge);
      for (const listener of listeners) listener();
    },
    (error) => console.warn('The message outbox could not be read', error),
  );
  return loading;
}

/** A refusal is an answer about the message itself: sending it again changes nothing. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  // The address's rate limit and an ended session pass; the message stays as it is.
  error.code !== 'rate_limited' &&
  error.code !== 'not_logged_in';

function scheduleRetry(error: unknown) {
  const limit =
    error instanceof ApiError && error.retryAt ? error.retryAt.getTime() - Date.now() : 0;
  const delay = Math.max(limit, RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!);
  failures += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    flushOutbox();
  }, delay);
}

async function sendWaiting() {
  await load();
  for (;;) {
    const current = handlers;
    const next = current && entries.find((e) => e.member === current.memberId && !e.refusal);
    if (!current || !next) return;
    let answer: SendMessageResponse;
    try {
      answer = await sendMessage(next.conversation, next.text, next.client_id);
    } catch (error) {
      if (!isRefusal(error)) return scheduleRetry(error);
      const refused: OutboxEntry = {
        ...next,
        refusal: {
          status: error.status,
          code: error.code,
          retry_at: error.retryAt?.toISOString() ?? null,
        },
      };
      commit({ kind: 'update', entry: refused });
      current.onRefused(refused, error);
      continue;
    }
    failures = 0;
    current.onSent(next, answer);
    commit({ kind: 'drop', clientId: next.client_id });
  }
}

/**
 * Sends what waits, oldest first. `now`: the connection is back or the member acted, so a
 * pending wait after failures is cut short.
 */
export function flushOutbox(now = false) {
  if (now) {
    failures = 0;
    clearTimeout(retryTimer);
    retryTimer = undefined;
  }
  if (flushing || !handlers || retryTimer !== undefined) return;
  flushing = true;
  sendWaiting().finally(() => {
    flushing = false;
  });
}

/** Starts (or points at another member) the sending of this browser's waiting messages. */
export function startOutbox(next: OutboxHandlers) {
  handlers = next;
  if (!started) {
    started = true;
    window.addEventListener('online', () => flushOutbox(true));
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel('amora-outbox');
      channel.onmessage = (event: MessageEvent<Change>) => apply(event.data);
    }
  }
  void load().then(() => flushOutbox(true));
}

/** Puts a new message in the outbox and sends it. */
export function enqueueMessage(member: number, conversation: number, text: string) {
  const last = entries.at(-1)?.at ?? 0;
  const entry: OutboxEntry = {
    client_id: newClientId(),
    member,
    conversation,
    text,
    at: Math.max(Date.now(), last + 1),
    refusal: null,
  };
  commit({ kind: 'add', entry });
  flushOutbox(true);
}

/** "Try again" on a refused message: it goes once more, in its place. */
export function retryMessage(clientId: string) {
  const entry = entries.find((e) => e.client_id === clientId);
  if (!entry) return;
  if (entry.refusal?.code === 'client_id_reused') {
    // The key is spent on something else: the text goes under a new one.
    commit({ kind: 'drop', clientId });
    commit({ kind: 'add', entry: { ...entry, client_id: newClientId(), refusal: null } });
  } else {
    commit({ kind: 'update', entry: { ...entry, refusal: null } });
  }
  flushOutbox(true);
}

/** The member deletes a refused message: it is not sent. */
export const discardMessage = (clientId: string) => commit({ kind: 'drop', clientId });

/** Messages the server is known to have (their keys came back): they leave the outbox. */
export function settleMessages(clientIds: readonly string[]) {
  for (const clientId of clientIds) {
    if (entries.some((e) => e.client_id === clientId)) commit({ kind: 'drop', clientId });
  }
}

/** Logging out empties the outbox of this browser, in every tab. */
export function clearMessageOutbox() {
  generation += 1;
  handlers = null;
  commit({ kind: 'clear' });
}

export function subscribeOutbox(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const outboxSnapshot = () => entries;
