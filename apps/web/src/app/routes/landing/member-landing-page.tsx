import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { MemberPhoto } from '@/components/member-photo';
import { isMissingProfile, useProfile } from '@/features/profile/api/get-profile';
import { SignupFlow } from '@/features/signup/components/signup-flow';
import { SiteEntryWarning } from '@/features/signup/components/site-entry-warning';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useArrivedLoggedIn } from '../../session/use-arrived-logged-in';
import { ErrorView } from '../errors/error-view';

/**
 * /members/{id}/signup, /landing, /landing2/{slug}, /landing3/{slug}: that member beside
 * the signup form, whose heading names them; the account remembers whose page it came from.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const memberId = Number(useParams().memberId);
  const arrivedLoggedIn = useArrivedLoggedIn();
  const settings = useSettings().data;
  const profile = useProfile(memberId);
  const name = profile.data?.name;
  useDocumentTitle(name ? t('signup.heading_member', { name }) : t('signup.title'));

  if (arrivedLoggedIn && !profile.isPending && !profile.isError)
    return <Navigate to={`/members/${memberId}`} replace />;
  if (profile.isError && isMissingProfile(profile.error)) {
    return (
      <ErrorView
        status={404}
        message={t('error_page.not_found', { path: window.location.pathname })}
      />
    );
  }
  return (
    <div className="row g-4 align-items-center py-4 justify-content-center">
      <SiteEntryWarning />
      <div className="col-md-5 col-lg-4">
        {profile.data && settings && (
          <figure className="card overflow-hidden mb-0">
            <MemberPhoto profile={profile.data} cdnPrefix={settings.cdn_prefix} size="full" />
            <figcaption className="card-body">
              <p className="h5 mb-0">
                {profile.data.name}
                {profile.data.age !== null && `, ${profile.data.age}`}
              </p>
              {profile.data.city && <p className="text-body-secondary mb-0">{profile.data.city}</p>}
            </figcaption>
          </figure>
        )}
      </div>
      <div className="col-md-7 col-lg-5">
        <div className="card">
          <div className="card-body p-4">
            <SignupFlow
              memberId={memberId}
              heading={
                <h1 className="h4 mb-3">
                  {name ? t('signup.heading_member', { name }) : t('signup.title')}
                </h1>
              }
              embedded
              onComplete={() => navigate(`/members/${memberId}`)}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
