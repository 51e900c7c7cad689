import type { OwnProfile } from '@amora/shared/schemas/profile';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { usePersonalDetails } from '@/components/profile-inputs/personal-details';
import { useUpdateUser } from '@/lib/update-user';

/** Step 4: gender, date of birth (18 to 100 years back) and the profile fields. */
export function DetailsStep({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const details = usePersonalDetails(profile);

  const save = async () => {
    const values = details.check();
    if (!values) return;
    try {
      await update.mutateAsync({ profile: values });
      onDone();
    } catch {
      // Shown from update.error below.
    }
  };

  return (
    <div>
      <h2 className="h4 text-center">{t('signup.details.title')}</h2>
      {details.inputs}
      <ErrorAlert error={update.error} />
      <button
        type="button"
        className="btn btn-primary btn-lg w-100"
        onClick={save}
        disabled={update.isPending}
      >
        {t('signup.save_continue')}
      </button>
    </div>
  );
}
