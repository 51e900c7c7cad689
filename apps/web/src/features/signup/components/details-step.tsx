import type { OwnProfile } from '@amora/shared/schemas/profile';
import { useTranslation } from 'react-i18next';
import { DetailsForm } from '@/components/profile-forms/details-form';

/** Step 4: gender, date of birth and the profile fields, the form /profile asks them with. */
export function DetailsStep({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="h4 text-center">{t('signup.details.title')}</h2>
      <DetailsForm
        profile={profile}
        onSaved={onDone}
        submitLabel={t('signup.save_continue')}
        submitClassName="btn-lg w-100"
      />
    </div>
  );
}
