import { nameSchema } from '@amora/shared/schemas/signup';
import type { User } from '@amora/shared/schemas/user';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, useValidationText } from '@/components/form-field';
import { usePersonalDetails } from '@/components/profile-inputs/personal-details';
import { SectionCard } from '@/components/section-card';
import { useUpdateUser } from '@/lib/update-user';
import { useSaveFeedback } from './use-save-feedback';

/** Name, gender, date of birth and the profile fields, by the same rules as signup. */
export function DetailsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const text = useValidationText();
  const update = useUpdateUser();
  const feedback = useSaveFeedback();
  const details = usePersonalDetails(user.profile);
  const [name, setName] = useState(user.profile.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsedName = nameSchema.safeParse(name);
    const badName = !parsedName.success
      ? text(parsedName.error.issues[0]?.message)
      : parsedName.data.toLowerCase() === user.email
        ? t('signup.name_equal_to_email')
        : undefined;
    setNameError(badName);
    // Both checks run, so every mistake shows at once.
    const values = details.check();
    if (!values || badName || !parsedName.success) return;
    setProblem(null);
    try {
      await update.mutateAsync({ profile: { name: parsedName.data, ...values } });
      feedback.saved();
    } catch (error) {
      setProblem(feedback.failed(error));
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
          error={nameError}
        />
        {details.inputs}
        {problem && (
          <div className="alert alert-danger" role="alert">
            {problem}
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {t('my_profile.save')}
        </button>
      </form>
    </SectionCard>
  );
}
