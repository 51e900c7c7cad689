import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ApiError } from '@/lib/api-client';

/** Saving a part of the profile: a short toast on success, the server's reason on failure. */
export function useSaveFeedback() {
  const { t } = useTranslation();
  return {
    saved: () => toast.success(t('my_profile.saved')),
    failed: (error: unknown) =>
      error instanceof ApiError && error.status !== 0 ? error.message : t('common.network_error'),
  };
}
