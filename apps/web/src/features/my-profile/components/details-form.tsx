import { MIN_AGE } from '@amora/shared/constants';
import { nameSchema } from '@amora/shared/schemas/signup';
import type { User } from '@amora/shared/schemas/user';
import { dateOfBirthSchema } from '@amora/shared/schemas/user-update';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, useValidationText } from '@/components/form-field';
import {
  DateOfBirthSelect,
  datePartsOf,
  isoDateOf,
} from '@/components/profile-inputs/date-of-birth-select';
import { GenderChoice } from '@/components/profile-inputs/gender-choice';
import { ProfileFieldSelects } from '@/components/profile-inputs/profile-field-selects';
import { SectionCard } from '@/components/section-card';
import { useUpdateUser } from '@/lib/update-user';
import { useSaveFeedback } from './use-save-feedback';

/** Name, gender, date of birth and the profile fields, by the same rules as signup. */
export function DetailsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const text = useValidationText();
  const update = useUpdateUser();
  const feedback = useSaveFeedback();
  const { profile } = user;
  const [name, setName] = useState(profile.name);
  const [gender, setGender] = useState(profile.gender);
  const [dob, setDob] = useState(() => datePartsOf(profile.date_of_birth));
  const [fields, setFields] = useState<Record<string, string>>(profile.fields);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    const parsedName = nameSchema.safeParse(name);
    if (!parsedName.success) next.name = text(parsedName.error.issues[0]?.message);
    else if (parsedName.data.toLowerCase() === user.email)
      next.name = t('signup.name_equal_to_email');
    if (!gender) next.gender = t('validation.required');
    const date = isoDateOf(dob);
    if (!dateOfBirthSchema.safeParse(date).success) {
      next.dob = t('profile.date_of_birth_error', { min_age: MIN_AGE });
    }
    setErrors(next);
    if (!gender || !parsedName.success || Object.keys(next).length > 0) return;
    // An emptied field is sent as "" so the server forgets the old answer.
    const changedFields = Object.fromEntries(
      Object.keys({ ...profile.fields, ...fields }).map((key) => [key, fields[key] ?? '']),
    );
    try {
      await update.mutateAsync({
        profile: { name: parsedName.data, gender, date_of_birth: date, fields: changedFields },
      });
      feedback.saved();
    } catch (error) {
      setErrors({ form: feedback.failed(error) });
    }
  };

  return (
    <SectionCard id="details" title={t('my_profile.details.title')}>
      <form onSubmit={save} noValidate>
        <FormField
          label={t('my_profile.details.name')}
          value={name}
          maxLength={150}
          autoComplete="nickname"
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
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
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {t('my_profile.save')}
        </button>
      </form>
    </SectionCard>
  );
}
