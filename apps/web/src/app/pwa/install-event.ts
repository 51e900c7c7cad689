/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`), held from the
 * page's start by the start-up script: the browser may make it long before anyone touches
 * a page that starts its app after load (decision 054), and makes it once.
 */

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export type InstallOutcome = 'accepted' | 'dismissed';

/** Where the member's answer is kept: `{ outcome, at }`. */
export const INSTALL_OUTCOME_KEY = 'amora.install-prompt';

export function recordOutcome(outcome: InstallOutcome) {
  try {
    localStorage.setItem(INSTALL_OUTCOME_KEY, JSON.stringify({ outcome, at: Date.now() }));
  } catch {}
}

let held: BeforeInstallPromptEvent | null = null;
const subscribers = new Set<() => void>();
const notify = () => {
  for (const subscriber of subscribers) subscriber();
};

/** The offer held for the app, until it is used or the app is installed. */
export const heldInstallEvent = () => held;

export function forgetInstallEvent() {
  held = null;
  notify();
}

export function subscribeToInstallEvent(subscriber: () => void) {
  subscribers.add(subscriber);
  return () => {
    subscribers.delete(subscriber);
  };
}

/** Called once by the start-up script. */
export function holdInstallEvent() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    held = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    recordOutcome('accepted');
    forgetInstallEvent();
  });
}
