import { NOTE_MAX_LENGTH } from '@amora/shared/rules/profile-fields';
import { SIGNUP_STEPS } from '@amora/shared/rules/signup-steps';
import type { OwnProfile } from '@amora/shared/schemas/profile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { useUpdateUser } from '@/lib/update-user';

/** Step 5: the about-me notes; saving marks the signup as gone through (lastSignupStep). */
export function AboutStep({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateUser();
  const [personal, setPersonal] = useState(profile.notes.personal ?? '');
  const [ideal, setIdeal] = useState(profile.notes.ideal_match ?? '');

  const save = async () => {
    try {
      await update.mutateAsync({
        profile: { notes: { personal: personal.trim(), ideal_match: ideal.trim() } },
        lastSignupStep: SIGNUP_STEPS.about,
      });
      onDone();
    } catch {
      // Shown from update.error below.
    }
  };

  return (
    <div>
      <h2 className="h4 text-center">{t('signup.about.title')}</h2>
      <p className="text-body-secondary text-center">{t('signup.about.text')}</p>
      <div className="mb-3">
        <label htmlFor={`${id}-personal`} className="form-label fw-medium">
          {t('signup.about.personal')}
        </label>
        <textarea
          id={`${id}-personal`}
          className="form-control notes-area"
          rows={4}
          maxLength={NOTE_MAX_LENGTH}
          placeholder={t('signup.about.personal_placeholder')}
          value={personal}
          onChange={(e) => setPersonal(e.target.value)}
        />
        <div className="form-text text-end">
          {t('signup.about.characters_left', { count: NOTE_MAX_LENGTH - personal.length })}
        </div>
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-ideal`} className="form-label fw-medium">
          {t('signup.about.ideal_match')}
        </label>
        <textarea
          id={`${id}-ideal`}
          className="form-control notes-area"
          rows={2}
          maxLength={NOTE_MAX_LENGTH}
          value={ideal}
          onChange={(e) => setIdeal(e.target.value)}
        />
      </div>
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
