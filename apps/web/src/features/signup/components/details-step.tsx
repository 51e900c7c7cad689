import { MIN_AGE } from '@amora/shared/constants';
import type { OwnProfile } from '@amora/shared/schemas/profile';
import { dateOfBirthSchema } from '@amora/shared/schemas/user-update';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DateOfBirthSelect,
  datePartsOf,
  isoDateOf,
} from '@/components/profile-inputs/date-of-birth-select';
import { GenderChoice } from '@/components/profile-inputs/gender-choice';
import { ProfileFieldSelects } from '@/components/profile-inputs/profile-field-selects';
import { ApiError } from '@/lib/api-client';
import { useUpdateUser } from '@/lib/update-user';

/** Step 4: gender, date of birth (18 to 100 years back) and the profile fields. */
export function DetailsStep({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const [gender, setGender] = useState<OwnProfile['gender']>(profile.gender);
  const [dob, setDob] = useState(() => datePartsOf(profile.date_of_birth));
  const [fields, setFields] = useState<Record<string, string>>(profile.fields);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = async () => {
    const next: Record<string, string> = {};
    if (!gender) next.gender = t('validation.required');
    const date = isoDateOf(dob);
    if (!dateOfBirthSchema.safeParse(date).success)
      next.dob = t('profile.date_of_birth_error', { min_age: MIN_AGE });
    setErrors(next);
    if (!gender || Object.keys(next).length > 0) return;
    const chosen = Object.fromEntries(Object.entries(fields).filter(([, value]) => value));
    try {
      await update.mutateAsync({ profile: { gender, date_of_birth: date, fields: chosen } });
      onDone();
    } catch (error) {
      setErrors({
        form: error instanceof ApiError ? error.message : t('common.something_went_wrong'),
      });
    }
  };

  return (
    <div>
      <h2 className="h4 text-center">{t('signup.details.title')}</h2>
      <GenderChoice
        legend={t('signup.details.gender')}
        value={gender ?? ''}
        onChange={setGender}
        error={errors.gender}
      />
      <DateOfBirthSelect
        legend={t('signup.details.date_of_birth')}
        value={dob}
        onChange={setDob}
        error={errors.dob}
      />
      <ProfileFieldSelects value={fields} onChange={setFields} />
      {errors.form && (
        <div className="alert alert-danger" role="alert">
          {errors.form}
        </div>
      )}
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
