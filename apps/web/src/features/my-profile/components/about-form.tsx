import { NOTE_MAX_LENGTH, PROFILE_NOTES } from '@amora/shared/rules/profile-fields';
import type { User } from '@amora/shared/schemas/user';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { useUpdateUser } from '@/lib/update-user';
import { useSaveFeedback } from './use-save-feedback';

/** The about-me notes that the site shows on profiles (settings.visible_profile_notes). */
export function AboutForm({ user, visibleNotes }: { user: User; visibleNotes: readonly string[] }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateUser();
  const feedback = useSaveFeedback();
  const notes = PROFILE_NOTES.filter((note) => visibleNotes.includes(note));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(notes.map((note) => [note, user.profile.notes[note] ?? ''])),
  );
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const trimmed = Object.fromEntries(notes.map((note) => [note, values[note]?.trim() ?? '']));
      await update.mutateAsync({ profile: { notes: trimmed } });
      feedback.saved();
    } catch (error) {
      setProblem(feedback.failed(error));
    }
  };

  if (notes.length === 0) return null;
  return (
    <SectionCard
      id="about"
      title={t('my_profile.about.title')}
      description={t('signup.about.text')}
    >
      <form onSubmit={save} noValidate>
        {notes.map((note) => {
          const value = values[note] ?? '';
          return (
            <div key={note} className="mb-3">
              <label htmlFor={`${id}-${note}`} className="form-label fw-medium">
                {t(`my_profile.about.${note}`)}
              </label>
              <textarea
                id={`${id}-${note}`}
                className="form-control notes-area"
                rows={note === 'personal' ? 5 : 3}
                maxLength={NOTE_MAX_LENGTH}
                aria-describedby={`${id}-${note}-count`}
                value={value}
                onChange={(event) => setValues((v) => ({ ...v, [note]: event.target.value }))}
              />
              <div id={`${id}-${note}-count`} className="form-text text-end">
                {t('signup.about.characters_left', { count: NOTE_MAX_LENGTH - value.length })}
              </div>
            </div>
          );
        })}
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
