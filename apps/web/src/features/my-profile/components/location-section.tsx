import type { Settings } from '@amora/shared/schemas/site';
import type { User } from '@amora/shared/schemas/user';
import { useTranslation } from 'react-i18next';
import { LocationForm } from '@/components/profile-forms/location-form';
import { SectionCard } from '@/components/section-card';
import { useSaveFeedback } from './use-save-feedback';

/** The location section of /profile: the form signup step 3 asks, saved with a toast. */
export function LocationSection({ user, settings }: { user: User; settings: Settings }) {
  const { t } = useTranslation();
  const feedback = useSaveFeedback();
  return (
    <SectionCard
      id="location"
      title={t('my_profile.location.title')}
      description={t('my_profile.location.text')}
    >
      <LocationForm
        settings={settings}
        profile={user.profile}
        onSaved={feedback.saved}
        submitLabel={t('my_profile.save')}
      />
    </SectionCard>
  );
}
