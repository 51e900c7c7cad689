import { useSyncExternalStore } from 'react';

type ToastApi = typeof import('react-toastify').toast;
type Content = Parameters<ToastApi['success']>[0];
type Options = Parameters<ToastApi['success']>[1];

/**
 * Toasts load with the first one shown (issue 24): react-toastify, its styles and the toast
 * area stay off a visitor's first page. Until the area is mounted react-toastify queues
 * what it is given, so nothing raised early is lost.
 */
let wanted = false;
const listeners = new Set<() => void>();

/** Runs `use` with react-toastify's `toast` once loaded, and asks the root to mount the area. */
export function withToast(use: (api: ToastApi) => void): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('react-toastify').then((module) => use(module.toast));
}

export const toast = {
  success: (content: Content, options?: Options) =>
    withToast((api) => api.success(content, options)),
  error: (content: Content, options?: Options) => withToast((api) => api.error(content, options)),
  info: (content: Content, options?: Options) => withToast((api) => api.info(content, options)),
};

/** Whether a toast has been asked for in this page's life: then the toast area is mounted. */
export function useToastAreaWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
