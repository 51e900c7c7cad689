import { type Interest, MAX_INTERESTS } from '@amora/shared/rules/profile-fields';
import type { User } from '@amora/shared/schemas/user';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { useUpdateUser } from '@/lib/update-user';
import { useInterests } from '../api/get-interests';
import { useSaveFeedback } from './use-save-feedback';

/** Interests as toggle chips, at most MAX_INTERESTS. */
export function InterestsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const interests = useInterests();
  const update = useUpdateUser();
  const feedback = useSaveFeedback();
  const [chosen, setChosen] = useState<Interest[]>(user.profile.interests as Interest[]);
  const [problem, setProblem] = useState<string | null>(null);
  const full = chosen.length >= MAX_INTERESTS;

  const toggle = (id: Interest) =>
    setChosen((current) =>
      current.includes(id) ? current.filter((c) => c !== id) : [...current, id],
    );

  const save = async () => {
    setProblem(null);
    try {
      await update.mutateAsync({ profile: { interests: chosen } });
      feedback.saved();
    } catch (error) {
      setProblem(feedback.failed(error));
    }
  };

  return (
    <SectionCard
      id="interests"
      title={t('my_profile.interests.title')}
      description={t('my_profile.interests.text', { max: MAX_INTERESTS, n: chosen.length })}
    >
      <div className="d-flex flex-wrap gap-2 mb-3">
        {interests.data?.map(({ id }) => {
          const on = chosen.includes(id as Interest);
          return (
            <button
              key={id}
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
      {problem && (
        <div className="alert alert-danger" role="alert">
          {problem}
        </div>
      )}
      <button type="button" className="btn btn-primary" onClick={save} disabled={update.isPending}>
        {t('my_profile.save')}
      </button>
    </SectionCard>
  );
}
