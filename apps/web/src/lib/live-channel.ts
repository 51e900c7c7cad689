import { LIVE_PATH } from '@amora/shared/rules/live-path';
import type { LiveEvent } from '@amora/shared/schemas/live';
import { useEffect, useRef } from 'react';
import { sendPageHidden } from './page-hidden';

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();

/** Hands an event to every subscriber (the live socket calls it; tests may too). */
export function emitLiveEvent(event: LiveEvent) {
  for (const listener of listeners) listener(event);
}

/** Runs `listener` for every live event while the component is mounted. */
export function useLiveEvent(listener: Listener) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const forward: Listener = (event) => latest.current(event);
    listeners.add(forward);
    return () => {
      listeners.delete(forward);
    };
  }, []);
}

type OpenListener = (reconnected: boolean) => void;
const openListeners = new Set<OpenListener>();

/**
 * Runs `listener` whenever the live channel opens while the component is mounted, with
 * `reconnected` true after a drop (and on the server's `resync`, which counts as one). The
 * server does not replay events: what was loaded before the channel opened may have missed
 * some, so this is the moment to catch up.
 */
export function useLiveChannelOpened(listener: OpenListener) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const forward: OpenListener = (reconnected) => latest.current(reconnected);
    openListeners.add(forward);
    return () => {
      openListeners.delete(forward);
    };
  }, []);
}

let openSocket: WebSocket | null = null;

let schemaLoading: Promise<typeof import('@amora/shared/schemas/live').liveEventSchema> | null =
  null;
/** The events' schema (and zod) load with the first socket: visitors never open one. */
const liveEventSchema = () =>
  (schemaLoading ??= import('@amora/shared/schemas/live').then((module) => module.liveEventSchema));

/** Tells the server whether this page is visible and which conversation it shows. */
export function reportPresence(): void {
  if (openSocket?.readyState !== WebSocket.OPEN) return;
  const chat = /^\/chats\/(\d+)/.exec(window.location.pathname);
  openSocket.send(
    JSON.stringify({
      type: 'presence',
      visible: document.visibilityState === 'visible',
      conversation: chat ? Number(chat[1]) : null,
    }),
  );
}

/**
 * Tells the other participant of `conversation` that this member is typing (issue 49). The
 * caller sends it at most every TYPING_SEND_EVERY_MS; without an open channel it is dropped
 * (typing is only a courtesy).
 */
export function sendTyping(conversation: number): void {
  if (openSocket?.readyState !== WebSocket.OPEN) return;
  openSocket.send(JSON.stringify({ type: 'typing', conversation }));
}

/** The server closes with this code when the session ended: reconnecting would not help. */
const SESSION_ENDED = 4401;
const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps one WebSocket to the live channel open while logged in (DESIGN: one per tab),
 * reconnecting with back-off when it drops; polling carries on meanwhile, so a drop only
 * delays updates. Each opening is announced to `useLiveChannelOpened`, to catch up on what
 * was missed. Answers the function that closes it for good.
 */
export function connectLive(): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let wasOpen = false;

  const open = () => {
    const url = new URL(LIVE_PATH, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(url);
    socket.onopen = () => {
      openSocket = socket;
      reportPresence();
      const reconnected = wasOpen || attempt > 0;
      for (const listener of openListeners) listener(reconnected);
      wasOpen = true;
      attempt = 0;
    };
    socket.onmessage = (message) => {
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      // In arrival order: every event waits on the same promise.
      void liveEventSchema().then((schema) => {
        const parsed = schema.safeParse(data);
        if (!parsed.success) return;
        const event = parsed.data;
        // A message reached this tab: that is its delivery (issue 49). One carrying a
        // `client_id` is this member's own (the key goes to its sender only); the server
        // ignores the others that are.
        if (event.type === 'message' && event.message.client_id === undefined) {
          if (socket?.readyState === WebSocket.OPEN) {
            socket.send(JSON.stringify({ type: 'ack', message: event.message.id }));
          }
        }
        if (event.type === 'resync') {
          // The server lost events while its database was away: catch up as after a drop,
          // and say again what this page shows (presence written meanwhile was lost too).
          reportPresence();
          for (const listener of openListeners) listener(true);
        } else emitLiveEvent(event);
      });
    };
    socket.onclose = (event) => {
      if (openSocket === socket) openSocket = null;
      socket = null;
      if (stopped || event.code === SESSION_ENDED) return;
      // Jitter spreads the reconnects of many tabs after a server restart.
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);
      attempt += 1;
      retry = setTimeout(open, delay);
    };
  };

  const onOnline = () => {
    if (!socket && !stopped) {
      if (retry) clearTimeout(retry);
      attempt = 0;
      open();
    }
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') sendPageHidden();
    reportPresence();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisibility);
  open();
  return () => {
    stopped = true;
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisibility);
    if (retry) clearTimeout(retry);
    socket?.close(1000, 'done');
  };
}
