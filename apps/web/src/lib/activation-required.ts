import { useSyncExternalStore } from 'react';
import { ApiError } from './api-client';

/**
 * A like, a new chat or a message refused with 403 `not_activated` (the member has not
 * confirmed their address, decision 026) opens one explanation for the whole app, with a
 * way to get the link again (features/activation). The mutation cache reports every such
 * refusal here (lib/query-client), so the screens that like, start chats or write only keep
 * their own error messages out of it.
 */
export const isNotActivated = (error: unknown) =>
  error instanceof ApiError && error.code === 'not_activated';

let open = false;
const listeners = new Set<() => void>();

function setOpen(value: boolean) {
  if (open === value) return;
  open = value;
  for (const listener of listeners) listener();
}

export const showActivationRequired = () => setOpen(true);
export const hideActivationRequired = () => setOpen(false);

/** Whether the explanation is open. */
export function useActivationRequired(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}
