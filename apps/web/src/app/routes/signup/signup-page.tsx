import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SignupFlow } from '@/features/signup/components/signup-flow';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /signup: the whole signup flow on its own page. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('signup.title'));
  return (
    <div className="card auth-card signup-card">
      <div className="card-body p-4">
        <h1 className="h3 mb-1">{t('signup.title')}</h1>
        <p className="text-body-secondary">{t('signup.intro')}</p>
        <SignupFlow onComplete={() => navigate('/signup-matches')} />
      </div>
    </div>
  );
}
