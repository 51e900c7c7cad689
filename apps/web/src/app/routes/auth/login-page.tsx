import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';

/** Only same-site paths are followed after login, never another origin. */
const safeRedirect = (value: string | null) =>
  value?.startsWith('/') && !value.startsWith('//') ? value : '/members';

export function Component() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useDocumentTitle(t('auth.login_title'));
  const target = safeRedirect(params.get('redirect'));
  if (isLoggedIn) return <Navigate to={target} replace />;
  return (
    <div className="card auth-card">
      <div className="card-body p-4">
        <h1 className="h3 mb-1">{t('auth.login_title')}</h1>
        <p className="text-body-secondary">{t('auth.login_intro')}</p>
        <LoginForm onLoggedIn={() => navigate(target, { replace: true })} />
        <p className="text-center mt-4 mb-0">
          {t('auth.no_account')} <Link to="/signup">{t('auth.create_account')}</Link>
        </p>
      </div>
    </div>
  );
}
