import { Download } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteName } from '@/lib/settings-query';

import {
  forgetInstallEvent,
  heldInstallEvent,
  INSTALL_OUTCOME_KEY,
  type InstallOutcome,
  recordOutcome,
  subscribeToInstallEvent,
} from './install-event';

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

function quiet(): boolean {
  const recorded = readOutcome();
  if (!recorded) return false;
  return recorded.outcome === 'accepted' || Date.now() - recorded.at < DISMISSED_QUIET_MS;
}

/** "Install app": shown once the browser offers installation; hidden after the answer. */
export function InstallPrompt() {
  const { t } = useTranslation();
  const name = useSiteName();
  const event = useSyncExternalStore(subscribeToInstallEvent, heldInstallEvent, () => null);
  if (!event || quiet()) return null;

  const install = async () => {
    forgetInstallEvent();
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
