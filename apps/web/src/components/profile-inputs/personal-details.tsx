import { type Gender, MIN_AGE } from '@amora/shared/constants';
import type { OwnProfile } from '@amora/shared/schemas/profile';
import { dateOfBirthSchema } from '@amora/shared/schemas/user-update';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateOfBirthSelect, datePartsOf, isoDateOf } from './date-of-birth-select';
import { GenderChoice } from './gender-choice';
import { ProfileFieldSelects } from './profile-field-selects';

export interface PersonalDetails {
  gender: Gender;
  date_of_birth: string;
  /** Every field ever answered; '' clears an answer given before. */
  fields: Record<string, string>;
}

/**
 * Gender, date of birth and the profile fields, as signup step 4 and the profile page ask
 * them: the inputs, their errors, and `check()`, which answers the values to save or null
 * (showing what is wrong) by the shared rules.
 */
export function usePersonalDetails(profile: OwnProfile) {
  const { t } = useTranslation();
  const [gender, setGender] = useState(profile.gender);
  const [dob, setDob] = useState(() => datePartsOf(profile.date_of_birth));
  const [fields, setFields] = useState<Record<string, string>>(profile.fields);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const check = (): PersonalDetails | null => {
    const next: Record<string, string> = {};
    if (!gender) next.gender = t('validation.required');
    const date = isoDateOf(dob);
    if (!dateOfBirthSchema.safeParse(date).success) {
      next.dob = t('profile.date_of_birth_error', { min_age: MIN_AGE });
    }
    setErrors(next);
    if (!gender || Object.keys(next).length > 0) return null;
    const answers = Object.fromEntries(
      Object.keys({ ...profile.fields, ...fields }).map((key) => [key, fields[key] ?? '']),
    );
    return { gender, date_of_birth: date, fields: answers };
  };

  const inputs = (
    <>
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
    </>
  );
  return { inputs, check };
}
