import type { User } from '@amora/shared/schemas/user';
import { useTranslation } from 'react-i18next';
import { DetailsForm } from '@/components/profile-forms/details-form';
import { SectionCard } from '@/components/section-card';
import { useSaveFeedback } from './use-save-feedback';

/** The details section of /profile: the name, then the form of signup step 4. */
export function DetailsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const feedback = useSaveFeedback();
  return (
    <SectionCard id="details" title={t('my_profile.details.title')}>
      <DetailsForm
        profile={user.profile}
        email={user.email}
        onSaved={feedback.saved}
        submitLabel={t('my_profile.save')}
      />
    </SectionCard>
  );
}
