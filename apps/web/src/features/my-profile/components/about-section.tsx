import { PROFILE_NOTES } from '@amora/shared/rules/profile-fields';
import type { User } from '@amora/shared/schemas/user';
import { useTranslation } from 'react-i18next';
import { AboutForm } from '@/components/profile-forms/about-form';
import { SectionCard } from '@/components/section-card';
import { useSaveFeedback } from './use-save-feedback';

/** The about-me notes that the site shows on profiles (settings.visible_profile_notes). */
export function AboutSection({
  user,
  visibleNotes,
}: {
  user: User;
  visibleNotes: readonly string[];
}) {
  const { t } = useTranslation();
  const feedback = useSaveFeedback();
  const notes = PROFILE_NOTES.filter((note) => visibleNotes.includes(note));
  if (notes.length === 0) return null;
  return (
    <SectionCard
      id="about"
      title={t('my_profile.about.title')}
      description={t('signup.about.text')}
    >
      <AboutForm
        profile={user.profile}
        notes={notes}
        onSaved={feedback.saved}
        submitLabel={t('my_profile.save')}
      />
    </SectionCard>
  );
}
