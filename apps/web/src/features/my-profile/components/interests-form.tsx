import { type Interest, MAX_INTERESTS } from '@amora/shared/rules/profile-fields';
import type { User } from '@amora/shared/schemas/user';
import { profilePatchSchema } from '@amora/shared/schemas/user-update';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useValidationText } from '@/components/form-field';
import { FormActions } from '@/components/profile-forms/form-actions';
import { SectionCard } from '@/components/section-card';
import { useUpdateUser } from '@/lib/update-user';
import { useInterests } from '../api/get-interests';
import { useSaveFeedback } from './use-save-feedback';

const interestsSchema = z.object({ interests: profilePatchSchema.shape.interests.unwrap() });
type InterestsValues = z.infer<typeof interestsSchema>;

/** Interests as toggle chips, at most MAX_INTERESTS, by the shared profile schema. */
export function InterestsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const text = useValidationText();
  const interests = useInterests();
  const update = useUpdateUser();
  const feedback = useSaveFeedback();
  const form = useForm<InterestsValues>({
    resolver: zodResolver(interestsSchema),
    defaultValues: { interests: user.profile.interests as Interest[] },
  });
  const { field, fieldState } = useController({ control: form.control, name: 'interests' });
  const chosen = field.value;
  const full = chosen.length >= MAX_INTERESTS;

  const toggle = (id: Interest) =>
    field.onChange(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);

  const save = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ profile: values });
      feedback.saved();
    } catch {
      // Shown from update.error.
    }
  });

  return (
    <SectionCard
      id="interests"
      title={t('my_profile.interests.title')}
      description={t('my_profile.interests.text', { max: MAX_INTERESTS, n: chosen.length })}
    >
      <form onSubmit={save} noValidate>
        <div className="d-flex flex-wrap gap-2 mb-3">
          {interests.data?.map(({ id }, index) => {
            const on = chosen.includes(id as Interest);
            return (
              <button
                key={id}
                ref={index === 0 ? field.ref : undefined}
                type="button"
                className={`btn btn-sm rounded-pill interest-chip ${on ? 'btn-primary' : 'btn-outline-secondary'}`}
                aria-pressed={on}
                disabled={!on && full}
                onClick={() => toggle(id as Interest)}
              >
                {on && <Check size={14} aria-hidden="true" className="me-1" />}
                {t(`interests.${id}`)}
              </button>
            );
          })}
        </div>
        {fieldState.error && (
          <div className="alert alert-danger" role="alert">
            {text(fieldState.error.message) || t('validation.invalid')}
          </div>
        )}
        <FormActions
          error={update.error}
          pending={update.isPending}
          submitLabel={t('my_profile.save')}
        />
      </form>
    </SectionCard>
  );
}
