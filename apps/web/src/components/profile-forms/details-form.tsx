import { MIN_AGE } from '@amora/shared/constants';
import { PROFILE_FIELD_NAMES } from '@amora/shared/rules/profile-fields';
import type { OwnProfile } from '@amora/shared/schemas/profile';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, useValidationText } from '@/components/form-field';
import { DateOfBirthSelect } from '@/components/profile-inputs/date-of-birth-select';
import { datePartsOf } from '@/components/profile-inputs/date-parts';
import { GenderChoice } from '@/components/profile-inputs/gender-choice';
import { ProfileFieldSelects } from '@/components/profile-inputs/profile-field-selects';
import { useUpdateUser } from '@/lib/update-user';
import { type DetailsInput, type DetailsOutput, detailsSchema } from './details-schema';
import { FormActions, type ProfileFormFrame } from './form-actions';

interface Props extends ProfileFormFrame {
  profile: OwnProfile;
  /** Asks for the name too (the profile page), which must differ from this address. */
  email?: string;
}

/**
 * Gender, date of birth (MIN_AGE to MAX_AGE years back) and the profile fields, and on the
 * profile page the name: signup step 4 and /profile, by the shared profile schema.
 */
export function DetailsForm({ profile, email, onSaved, ...frame }: Props) {
  const { t } = useTranslation();
  const text = useValidationText();
  const update = useUpdateUser();
  const form = useForm<DetailsInput, unknown, DetailsOutput>({
    resolver: zodResolver(detailsSchema(email)),
    defaultValues: {
      name: email === undefined ? undefined : profile.name,
      gender: profile.gender ?? '',
      date_of_birth: datePartsOf(profile.date_of_birth),
      // Only fields the site still asks: the shared schema refuses any other.
      fields: Object.fromEntries(
        Object.entries(profile.fields).filter(([name]) =>
          (PROFILE_FIELD_NAMES as string[]).includes(name),
        ),
      ),
    },
  });
  const { errors } = form.formState;

  const save = form.handleSubmit(async ({ name, ...details }) => {
    try {
      await update.mutateAsync({
        profile: { ...(name === undefined ? {} : { name }), ...details },
      });
      onSaved();
    } catch {
      // Shown from update.error.
    }
  });

  return (
    <form onSubmit={save} noValidate>
      {email !== undefined && (
        <FormField
          label={t('my_profile.details.name')}
          maxLength={150}
          autoComplete="nickname"
          error={errors.name}
          {...form.register('name')}
        />
      )}
      <Controller
        control={form.control}
        name="gender"
        render={({ field }) => (
          <GenderChoice
            legend={t('signup.details.gender')}
            value={field.value}
            onChange={field.onChange}
            inputRef={field.ref}
            error={text(errors.gender?.message) || undefined}
          />
        )}
      />
      <Controller
        control={form.control}
        name="date_of_birth"
        render={({ field }) => (
          <DateOfBirthSelect
            legend={t('signup.details.date_of_birth')}
            value={field.value}
            onChange={field.onChange}
            inputRef={field.ref}
            error={
              errors.date_of_birth
                ? t('profile.date_of_birth_error', { min_age: MIN_AGE })
                : undefined
            }
          />
        )}
      />
      <Controller
        control={form.control}
        name="fields"
        render={({ field }) => (
          <ProfileFieldSelects
            value={field.value as Record<string, string>}
            onChange={field.onChange}
          />
        )}
      />
      <FormActions error={update.error} pending={update.isPending} {...frame} />
    </form>
  );
}
