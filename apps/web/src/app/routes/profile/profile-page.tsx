import { CLASSIC_TEMPLATE } from '@amora/shared/template';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { AboutSection } from '@/features/my-profile/components/about-section';
import { ChoiceSetting } from '@/features/my-profile/components/choice-setting';
import { DetailsSection } from '@/features/my-profile/components/details-section';
import { InterestsForm } from '@/features/my-profile/components/interests-form';
import { LocationSection } from '@/features/my-profile/components/location-section';
import { PhotoManager } from '@/features/my-profile/components/photo-manager';
import { VerificationCard } from '@/features/verification/components/verification-card';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';
import { AccountSettings } from './account-settings';
import { ProfileSectionNav } from './profile-section-nav';

/** /profile: the member's own profile, photos and account settings. */
export function Component() {
  const { t } = useTranslation();
  const { user } = useSession();
  const settings = useSettings().data;
  useDocumentTitle(t('routes.profile.title'));
  if (!user || !settings) {
    return (
      <div className="py-5 text-center text-body-secondary" role="status">
        {t('common.loading')}
      </div>
    );
  }
  const showInterests = CLASSIC_TEMPLATE.myProfile.showInterests;
  return (
    <div className="py-2">
      <PageHeader title={t('routes.profile.title')}>
        <Link to={`/members/${user.id}`} className="btn btn-outline-secondary btn-sm mt-1">
          <Eye size={16} aria-hidden="true" className="me-1" />
          {t('my_profile.view_as_others')}
        </Link>
      </PageHeader>
      <ProfileSectionNav showInterests={showInterests} />
      <div className="row g-4">
        <div className="col-lg-5">
          <div className="profile-photos-column">
            <PhotoManager user={user} cdnPrefix={settings.cdn_prefix} />
          </div>
        </div>
        <div className="col-lg-7 d-grid gap-4 align-content-start">
          <VerificationCard user={user} />
          <DetailsSection user={user} />
          <LocationSection user={user} settings={settings} />
          <AboutSection user={user} visibleNotes={settings.visible_profile_notes} />
          {showInterests && <InterestsForm user={user} />}
          <ChoiceSetting user={user} choice="show_flagged_photos" />
          <ChoiceSetting user={user} choice="verified_contact_only" />
          <AccountSettings />
        </div>
      </div>
    </div>
  );
}
