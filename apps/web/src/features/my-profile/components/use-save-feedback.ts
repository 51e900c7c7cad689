import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '@/lib/error-text';

/** Saving a part of the profile: a short toast on success, the reason on failure. */
export function useSaveFeedback() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return {
    saved: () => toast.success(t('my_profile.saved')),
    failed: errorText,
  };
}
