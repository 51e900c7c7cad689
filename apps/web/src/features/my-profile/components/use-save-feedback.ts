import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';

/** Saving a part of the profile: a short toast on success (a failure shows in the form). */
export function useSaveFeedback() {
  const { t } = useTranslation();
  return {
    saved: () => toast.success(t('my_profile.saved')),
  };
}
