import { useTranslation } from 'react-i18next';
import { PasswordResetRequest } from '@/features/account/components/password-reset-request';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';

/** /reset-password: asks for a link to choose a new password. */
export function Component() {
  const { t } = useTranslation();
  const { user } = useSession();
  useDocumentTitle(t('routes.reset-password.title'));
  const back = user
    ? { to: '/profile', label: t('routes.profile.title') }
    : { to: '/login', label: t('password.back_to_login') };
  return (
    <div className="card auth-card">
      <div className="card-body p-4">
        <PasswordResetRequest
          title={t('routes.reset-password.title')}
          intro={t('routes.reset-password.text')}
          defaultEmail={user?.email}
          back={back}
        />
      </div>
    </div>
  );
}
