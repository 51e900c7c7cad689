import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCurrentRoute } from '../../layouts/current-route';
import { useSession } from '../../session/session-context';

/** /activate/done and /activate/error: where the link in the activation mail lands. */
export function Component() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const done = useCurrentRoute()?.name === 'activate-done';
  const key = done ? 'activate-done' : 'activate-error';
  useDocumentTitle(t(`routes.${key}.title`), useSettings().data?.name ?? 'Amora');
  const Icon = done ? CircleCheck : CircleX;
  return (
    <div className="card auth-card text-center">
      <div className="card-body p-4">
        <div
          className="feature-icon mx-auto mb-3"
          aria-hidden="true"
          style={{ width: '4rem', height: '4rem' }}
        >
          <Icon />
        </div>
        <h1 className="h3">{t(`routes.${key}.title`)}</h1>
        <p className="text-body-secondary">{t(`routes.${key}.text`)}</p>
        <Link to={isLoggedIn ? '/members' : '/login'} className="btn btn-primary btn-lg w-100">
          {isLoggedIn ? t('routes.to_members') : t('nav.login')}
        </Link>
      </div>
    </div>
  );
}
