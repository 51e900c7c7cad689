import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SignupFlow } from './signup-flow';

/**
 * The signup form embedded in a page for visitors (home, campaign landers): once the
 * account exists, /complete-signup takes over; a member who finishes here goes on to the
 * members who fit them.
 */
export function SignupCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="card">
      <div className="card-body p-4">
        <SignupFlow
          heading={<h2 className="h4 mb-3">{t('signup.title')}</h2>}
          embedded
          onComplete={() => navigate('/signup-matches')}
        />
      </div>
    </div>
  );
}
