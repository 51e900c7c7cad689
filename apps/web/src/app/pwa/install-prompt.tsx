import { Download } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteName } from '@/lib/settings-query';

/** Chromium's install event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

type InstallOutcome = 'accepted' | 'dismissed';

/** Where the member's answer is kept: `{ outcome, at }`. */
export const INSTALL_OUTCOME_KEY = 'amora.install-prompt';
/** After "not now" the button stays away this long. */
const DISMISSED_QUIET_MS = 30 * 24 * 60 * 60 * 1000;

function readOutcome(): { outcome: InstallOutcome; at: number } | null {
  try {
    const stored = JSON.parse(localStorage.getItem(INSTALL_OUTCOME_KEY) ?? 'null');
    return stored && typeof stored.at === 'number' ? stored : null;
  } catch {
    return null;
  }
}

function recordOutcome(outcome: InstallOutcome) {
  try {
    localStorage.setItem(INSTALL_OUTCOME_KEY, JSON.stringify({ outcome, at: Date.now() }));
  } catch {}
}

function quiet(): boolean {
  const recorded = readOutcome();
  if (!recorded) return false;
  return recorded.outcome === 'accepted' || Date.now() - recorded.at < DISMISSED_QUIET_MS;
}

// The browser may fire the event before the footer mounts, so it is caught at load.
let deferred: BeforeInstallPromptEvent | null = null;
const subscribers = new Set<() => void>();
const notify = () => {
  for (const subscriber of subscribers) subscriber();
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    recordOutcome('accepted');
    deferred = null;
    notify();
  });
}

const subscribe = (subscriber: () => void) => {
  subscribers.add(subscriber);
  return () => {
    subscribers.delete(subscriber);
  };
};
const getSnapshot = () => deferred;

/** "Install app": shown once the browser offers installation; hidden after the answer. */
export function InstallPrompt() {
  const { t } = useTranslation();
  const name = useSiteName();
  const event = useSyncExternalStore(subscribe, getSnapshot, () => null);
  if (!event || quiet()) return null;

  const install = async () => {
    deferred = null;
    notify();
    try {
      await event.prompt();
      recordOutcome((await event.userChoice).outcome);
    } catch {
      recordOutcome('dismissed');
    }
  };

  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        onClick={() => void install()}
      >
        <Download size={16} aria-hidden="true" className="me-1" />
        {t('pwa.install')}
      </button>
      <span className="small text-body-secondary">{t('pwa.install_hint', { name })}</span>
    </div>
  );
}
