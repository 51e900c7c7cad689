import { useSyncExternalStore } from 'react';

/** The last push the service worker showed while a page of the app was open. */
export interface LastPushMessage {
  title: string;
  body: string;
  url: string;
  /** ISO time the worker showed it. */
  at: string;
}

let last: LastPushMessage | null = null;
const listeners = new Set<() => void>();

const isPushMessage = (data: unknown): data is LastPushMessage & { type: 'amora:push' } =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === 'amora:push' &&
  typeof (data as { title?: unknown }).title === 'string';

/** Listens once for what the service worker posts after showing a push (sw-push.js). */
export function listenForPushMessages() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if (!isPushMessage(event.data)) return;
    const { title, body, url, at } = event.data;
    last = { title, body, url, at };
    for (const listener of listeners) listener();
  });
}

/** The push state's lastMessage (spec section 3): null until a push was shown. */
export function useLastPushMessage(): LastPushMessage | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => last,
    () => null,
  );
}
