import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MemberCard } from '@/components/member-card';
import { useSearchMembers } from '@/features/search/api/search-members';
import { SignupFlow } from '@/features/signup/components/signup-flow';
import { isBot } from '@/lib/is-bot';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';

/** A few members to carry on with (spec section 2: the logged-in error page lists members). */
function MembersGlimpse() {
  const search = useSearchMembers({ searchAllCountries: true }, false, 'error-page');
  const cdnPrefix = useSettings().data?.cdn_prefix ?? '/uploads/';
  const profiles = search.data?.pages[0]?.profiles.slice(0, 4) ?? [];
  if (profiles.length === 0) return null;
  return (
    <div className="row row-cols-2 row-cols-md-4 g-2 text-start">
      {profiles.map((profile) => (
        <div className="col" key={profile.id}>
          <MemberCard profile={profile} cdnPrefix={cdnPrefix} />
        </div>
      ))}
    </div>
  );
}

/**
 * The error page of spec section 2: status and message; members get a way to the
 * members, visitors a way to sign up, bots nothing at all.
 */
export function ErrorView({
  status,
  message,
  detail,
}: {
  status: number;
  message: string;
  detail?: string;
}) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  useDocumentTitle(message);
  if (isBot()) return null;
  return (
    <div className="py-4 text-center mx-auto" style={{ maxWidth: '40rem' }}>
      <div
        className="feature-icon mx-auto mb-3"
        aria-hidden="true"
        style={{ width: '4rem', height: '4rem' }}
      >
        <CircleAlert />
      </div>
      <p className="text-body-secondary mb-1">{t('error_page.status', { status })}</p>
      <h1 className="h2">{message}</h1>
      {detail && <p className="text-body-secondary">{detail}</p>}
      <div className="card mt-4">
        <div className="card-body">
          {isLoggedIn ? (
            <>
              <h2 className="h5 mb-3">{t('error_page.members_heading')}</h2>
              <MembersGlimpse />
              <Link to="/members" className="btn btn-primary mt-3">
                {t('error_page.browse_members')}
              </Link>
            </>
          ) : (
            <>
              <h2 className="h5 mb-3">{t('error_page.signup_heading')}</h2>
              <div className="text-start">
                <SignupFlow embedded onComplete={() => navigate('/members')} />
              </div>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
