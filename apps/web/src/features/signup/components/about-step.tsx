import { PROFILE_NOTES } from '@amora/shared/rules/profile-fields';
import { SIGNUP_STEPS } from '@amora/shared/rules/signup-steps';
import type { OwnProfile } from '@amora/shared/schemas/profile';
import { useTranslation } from 'react-i18next';
import { AboutForm } from '@/components/profile-forms/about-form';

/** Step 5: the about-me notes; saving marks the signup as gone through (lastSignupStep). */
export function AboutStep({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="h4 text-center">{t('signup.about.title')}</h2>
      <p className="text-body-secondary text-center">{t('signup.about.text')}</p>
      <AboutForm
        profile={profile}
        notes={PROFILE_NOTES}
        lastSignupStep={SIGNUP_STEPS.about}
        onSaved={onDone}
        submitLabel={t('signup.save_continue')}
        submitClassName="btn-lg w-100"
      />
    </div>
  );
}
