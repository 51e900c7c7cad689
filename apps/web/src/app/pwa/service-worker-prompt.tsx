import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, onUpdateReady, registerServiceWorker } from '@/lib/service-worker';
import { useSiteName } from '@/lib/settings-query';
import { withToast } from '@/lib/toast';

const UPDATE_TOAST_ID = 'pwa-update-ready';

/** Toast body: the new version is ready; Refresh lets the new worker take over and reloads. */
function UpdateReadyToast() {
  const { t } = useTranslation();
  const name = useSiteName();
  const [refreshing, setRefreshing] = useState(false);
  return (
    <div>
      <p className="mb-2">{t('pwa.update_ready', { name })}</p>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={refreshing}
        onClick={() => {
          setRefreshing(true);
          void applyUpdate();
        }}
      >
        {t('pwa.refresh')}
      </button>
    </div>
  );
}

/**
 * Registers the service worker once (production builds only) and, when an update is
 * waiting, tells the member with a toast that stays until they refresh or close it.
 */
export function ServiceWorkerPrompt() {
  useEffect(() => {
    void registerServiceWorker();
    return onUpdateReady(() => {
      withToast((toast) => {
        if (toast.isActive(UPDATE_TOAST_ID)) return;
        toast(<UpdateReadyToast />, {
          toastId: UPDATE_TOAST_ID,
          autoClose: false,
          closeOnClick: false,
          draggable: false,
        });
      });
    });
  }, []);
  return null;
}
