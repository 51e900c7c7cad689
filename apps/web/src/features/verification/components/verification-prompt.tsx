import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVerification } from '../api/get-verification';

/**
 * On the member's own profile until they are verified or a selfie waits: what the badge
 * is for, and the way to the profile page's "Verification".
 */
export function VerificationPrompt() {
  const { t } = useTranslation();
  const verification = useVerification();
  const status = verification.data?.status;
  if (status !== 'none' && status !== 'rejected') return null;
  return (
    <aside
      className="card mt-3"
      aria-labelledby="verification-prompt-title"
      data-prompt="verification"
    >
      <div className="card-body d-flex flex-wrap align-items-center gap-3 p-3">
        <span className="feature-icon flex-shrink-0" aria-hidden="true">
          <BadgeCheck />
        </span>
        <div className="flex-grow-1">
          <h2 id="verification-prompt-title" className="h6 mb-1">
            {t('verification.prompt.title')}
          </h2>
          <p className="small text-body-secondary mb-0">{t('verification.prompt.text')}</p>
        </div>
        <Link to="/profile#verification" className="btn btn-primary btn-sm ms-auto">
          {t('verification.prompt.action')}
        </Link>
      </div>
    </aside>
  );
}
