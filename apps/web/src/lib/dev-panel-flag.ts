import { useSyncExternalStore } from 'react';

/**
 * The developer panel's flag (spec section 2): local storage `amora.devPanel` is `1` while
 * the panel is open. Set by visiting /_dev in the demo; the panel's close button removes it.
 * The first page reads only this flag, and loads the panel itself when it is set.
 */
const KEY = 'amora.devPanel';
const listeners = new Set<() => void>();

const read = () => {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};

function write(open: boolean) {
  try {
    if (open) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the panel simply stays as it was.
  }
  for (const listener of listeners) listener();
}

export const openDevPanel = () => write(true);
export const closeDevPanel = () => write(false);

/** Whether the flag is set; follows changes in this tab and in other tabs. */
export function useDevPanelFlag(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      window.addEventListener('storage', listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', listener);
      };
    },
    read,
    () => false,
  );
}
